# The exercises: exercises/chNN.tsv (see exercises/README.md). Every row is a
# test, exercise.ID (labels "exercise" and the chapter): it runs the chapter
# with the exercise's options, reads the number or verdict the row's check
# names from that run, and requires it to equal the row's value and the
# answer text to contain that value. So an answer cannot drift from what the
# program computes.
file(GLOB exercise_files CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/exercises/ch[0-9][0-9].tsv)
list(SORT exercise_files)
foreach(file IN LISTS exercise_files)
  get_filename_component(chapter ${file} NAME_WE)
  if(NOT TARGET ${chapter})
    continue()
  endif()
  file(STRINGS ${file} rows REGEX "^[0-9]+\\.[a-z0-9]+\t")
  foreach(row IN LISTS rows)
    string(REGEX MATCH "^[0-9]+\\.[a-z0-9]+" id "${row}")
    set(exercise_out ${WORKBOOK_TEST_OUT}/exercises/${id})
    if(chapter STREQUAL "ch09" AND WORKBOOK_SANITIZE)
      # Chapter 9's exercises train the whole sweep (49 models): over two
      # minutes each under ASan; its code paths are in the sanitizer suite's
      # ch09.data run, the answers are checked in the normal suite.
      continue()
    endif()
    if(chapter STREQUAL "ch00")
      # Chapter 0's exercises ask about the trained vectors: run beside its data
      # run, so they read its cache ('cache' beside --out) instead of training
      # again. Not under the sanitizers, whose data run trains on a tiny corpus.
      if(WORKBOOK_SANITIZE)
        continue()
      endif()
      set(exercise_out ${WORKBOOK_TEST_OUT}/ch00/exercise-${id})
    endif()
    # Exercises of one chapter with the same options share one run: the first
    # trains, the others read its output (a fixture orders them).
    string(REGEX MATCH "^[^\t]*\t[^\t]*\t[^\t]*" head "${row}")
    string(REGEX REPLACE "^[^\t]*\t[^\t]*\t" "" options "${head}")
    string(MD5 options_key "${chapter} ${options}")
    set(reuse "")
    if(DEFINED exercise_run_${options_key})
      set(reuse -DREUSE=${exercise_run_${options_key}})
    endif()
    add_test(NAME exercise.${id}
             COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${chapter}> -DFILE=${file} -DID=${id}
                     -DOUT=${exercise_out} ${reuse}
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_exercise.cmake)
    set_tests_properties(exercise.${id} PROPERTIES LABELS "exercise;${chapter}")
    if(reuse)
      set_tests_properties(exercise.${id} PROPERTIES FIXTURES_REQUIRED exercise_run_${options_key})
    else()
      set(exercise_run_${options_key} ${exercise_out})
      set_tests_properties(exercise.${id} PROPERTIES FIXTURES_SETUP exercise_run_${options_key})
    endif()
    if(chapter STREQUAL "ch00")
      set_property(TEST exercise.${id} APPEND PROPERTY FIXTURES_REQUIRED ch00_data)
    endif()
  endforeach()
endforeach()

# The one-chapter mode of the driver prints an exercise's answer at the end
# of a run with exactly its options, and REPORT.md folds it into <details>.
if(TARGET ch03 AND EXISTS ${CMAKE_SOURCE_DIR}/exercises/ch03.tsv)
  add_test(NAME driver.one_chapter.exercise
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DPLOTS=${CMAKE_SOURCE_DIR}/plots
                   -DCH01=$<TARGET_FILE:ch01> -DCH03=$<TARGET_FILE:ch03> -DFILE=${CMAKE_SOURCE_DIR}/exercises/ch03.tsv
                   -DOUT=${WORKBOOK_TEST_OUT}/driver/one-chapter
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_one_chapter.cmake)
  set_tests_properties(driver.one_chapter.exercise PROPERTIES LABELS "driver;exercise;hardening")
endif()

# The driver's new options, bad values: exit 2, one line, nothing written.
workbook_badinput_test(driver.badinput.chapter_unknown workbook_run
  ARGS --plots ${CMAKE_SOURCE_DIR}/plots --chapter ch99 $<TARGET_FILE:ch01> EXPECT "--chapter 'ch99': expected the name chNN")
workbook_badinput_test(driver.badinput.chapter_options_without_chapter workbook_run
  ARGS --plots ${CMAKE_SOURCE_DIR}/plots $<TARGET_FILE:ch01> -- --d 16 EXPECT "options after '--' go to the one chapter")
workbook_badinput_test(driver.badinput.exercises_missing workbook_run
  ARGS --plots ${CMAKE_SOURCE_DIR}/plots --exercises /nonexistent-pe-workbook $<TARGET_FILE:ch01>
  EXPECT "--exercises '/nonexistent-pe-workbook': not a folder")
workbook_badinput_test(driver.badinput.render_chapter workbook_run
  ARGS --render ${CMAKE_SOURCE_DIR}/plots/ch01_output_d.gp --data /tmp --figures /tmp --chapter ch01 EXPECT "--render .*not --chapter")
