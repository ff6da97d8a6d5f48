# The evidence keeps its numbers (issue 41). Each chapter's evidence moved
# from sentences composed in C into its lesson files (lessons/LANG/chNN.md,
# "### evidence"); the English evidence at the course's settings must still
# print every number it printed before the move, and no other:
# tests/evidence_numbers/chNN.tsv holds them as printed (claim, number),
# tests/evidence_numbers/chNN.allowed.tsv the reviewed differences (a number
# moved to --verbose, or added, with why). tests/evidence_numbers.sh compares.
# Chapters 0, 6 and 9 train at the course's settings (a minute or more): their
# checks are in the full tier.
# The digits of a number (the 17th of a rounding error, the 2nd of 8.4e-12)
# belong to the platform that computed it: the compiler, its flags, libm. The
# baselines were printed by the development build on one platform
# (evidence_numbers/PLATFORM); elsewhere (the sanitizers' Debug build, another
# compiler or C library: the fresh Debian 13 machine) the checks report
# themselves skipped, saying why, instead of failing on digits that moved.
if(WORKBOOK_SANITIZE)
  return()
endif()
execute_process(COMMAND getconf GNU_LIBC_VERSION OUTPUT_VARIABLE evidence_libc OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
set(evidence_platform
    "${CMAKE_SYSTEM_PROCESSOR} ${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER_VERSION} ${evidence_libc} ${CMAKE_BUILD_TYPE}")
file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/evidence_numbers/PLATFORM evidence_made_on REGEX "^[^#]" LIMIT_COUNT 1)
file(GLOB evidence_baselines CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/evidence_numbers/ch[0-9][0-9].tsv)
foreach(baseline IN LISTS evidence_baselines)
  get_filename_component(chapter ${baseline} NAME_WE)
  if(NOT TARGET ${chapter})
    continue()
  endif()
  set(out ${WORKBOOK_TEST_OUT}/${chapter}/evidence_numbers)
  set(allowed ${CMAKE_CURRENT_SOURCE_DIR}/evidence_numbers/${chapter}.allowed.tsv)
  # (chapter 0 reads the five seeds' vectors ch00.seeds left in the chapter's cache: --cache
  # changes how, not what)
  set(cache "")
  if(chapter STREQUAL "ch00")
    set(cache "--cache ${WORKBOOK_TEST_OUT}/ch00/cache")
  endif()
  if(NOT evidence_platform STREQUAL evidence_made_on)
    add_test(NAME ${chapter}.evidence.numbers_kept
             COMMAND sh -c "echo \"skipped: the baseline was printed on '$1', this build is '$2'\"; exit 77"
                     skip "${evidence_made_on}" "${evidence_platform}")
    set_tests_properties(${chapter}.evidence.numbers_kept PROPERTIES LABELS "lessons;${chapter}" SKIP_RETURN_CODE 77)
    continue()
  endif()
  if(chapter IN_LIST WORKBOOK_PRINTS_CHAPTERS)
    # (the English print i18n.same_numbers.chNN kept at the course's settings: tests/i18n.cmake)
    add_test(NAME ${chapter}.evidence.numbers_kept
             COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/evidence_numbers.sh check ${baseline}
                     ${WORKBOOK_PRINTS_DIR}/${chapter}/en.txt "" ${allowed})
    set_tests_properties(${chapter}.evidence.numbers_kept PROPERTIES FIXTURES_REQUIRED ${chapter}_prints)
  else()
    add_test(NAME ${chapter}.evidence.numbers_kept
             COMMAND sh -c "mkdir -p \"$1\" && \"$2\" --lang en --evidence --out \"$1/run\" ${cache} > \"$1/evidence.txt\" && exec \"$3\" check \"$4\" \"$1/evidence.txt\" '' \"$5\""
                     evidence_numbers ${out} $<TARGET_FILE:${chapter}> ${CMAKE_CURRENT_SOURCE_DIR}/evidence_numbers.sh
                     ${baseline} ${allowed})
  endif()
  set_tests_properties(${chapter}.evidence.numbers_kept PROPERTIES LABELS "lessons;${chapter}")
  if(chapter STREQUAL "ch00" AND TEST ch00.seeds)
    set_tests_properties(ch00.evidence.numbers_kept PROPERTIES FIXTURES_REQUIRED ch00_seeds)
  endif()
  if(chapter MATCHES "^ch0[069]$")
    list(APPEND WORKBOOK_FULL_TESTS ${chapter}.evidence.numbers_kept)
  endif()
endforeach()

# The checker itself: a number dropped, or one added, fails; a reviewed one passes.
add_test(NAME lessons.evidence_numbers_checker
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/expect_evidence_numbers.sh ${CMAKE_CURRENT_SOURCE_DIR}/evidence_numbers.sh
                 ${WORKBOOK_TEST_OUT}/evidence_numbers_checker)
set_tests_properties(lessons.evidence_numbers_checker PROPERTIES LABELS "lessons;unit")
