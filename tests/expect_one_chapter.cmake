# expect_one_chapter.cmake: the driver's one-chapter mode (./workbook chNN).
#  1. --chapter ch01 into an empty folder: ch01's section, ch03 "not run yet".
#  2. --chapter ch03 with the options of FILE's first exercise: ch01's row and
#     section are kept byte for byte, its files stay in MANIFEST, ch03's
#     section names the settings and folds the answers into <details>, and the
#     run ends by printing that exercise's answer (as plain text: the file's
#     Markdown with TeX is printed through lesson_plain, so the test looks for
#     the answer's checked values after "Answer").
#  3. --chapter ch03 with a bad option: exit 2, REPORT.md unchanged.
file(REMOVE_RECURSE ${OUT})
set(chapters ${CH01} ${CH03})
execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${PLOTS} --chapter ch01 ${chapters}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "step 1: exit ${rc}\n${out}${err}")
endif()
file(READ ${OUT}/REPORT.md report1)
if(NOT report1 MATCHES "## ch03: not run yet" OR NOT report1 MATCHES "<a id=\"ch01\"></a>\n## ch01: ")
  message(FATAL_ERROR "step 1: REPORT.md lacks ch01's section or ch03's 'not run yet':\n${report1}")
endif()
string(REGEX MATCH "\n<a id=\"ch01\"></a>\n[^<]*" ch01_section "${report1}")

file(READ ${FILE} rows)
if(NOT rows MATCHES "\n([0-9]+\\.[a-z0-9]+)\t([^\t\n]*)\t([^\t\n]*)\t([^\t\n]*)\t([^\t\n]*)\t([^\t\n]*)")
  message(FATAL_ERROR "no exercise row in ${FILE}")
endif()
set(id "${CMAKE_MATCH_1}")
set(options "${CMAKE_MATCH_3}")
string(REPLACE " && " ";" values "${CMAKE_MATCH_6}")
separate_arguments(args UNIX_COMMAND "${options}")
execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${PLOTS} --chapter ch03 ${chapters} -- ${args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "step 2: exit ${rc}\n${out}${err}")
endif()
string(FIND "${out}" "Exercise ${id}: " at)
string(FIND "${out}" "\nAnswer (" answer_at)
if(at LESS 0 OR answer_at LESS at)
  message(FATAL_ERROR "step 2: the run does not end with exercise ${id}'s answer:\n${out}")
endif()
string(SUBSTRING "${out}" ${answer_at} -1 answer)
foreach(value IN LISTS values)
  string(FIND "${answer}" "${value}" value_at)
  if(value_at LESS 0)
    message(FATAL_ERROR "step 2: exercise ${id}'s printed answer lacks its value ${value}:\n${answer}")
  endif()
endforeach()
if(answer MATCHES "[$]|\\\\[a-z]+")
  message(FATAL_ERROR "step 2: exercise ${id}'s answer is printed with its TeX, not as plain text:\n${answer}")
endif()
file(READ ${OUT}/REPORT.md report2)
string(FIND "${report2}" "${ch01_section}" kept)
if(kept LESS 0)
  message(FATAL_ERROR "step 2: ch01's section changed:\n${report2}")
endif()
if(NOT report2 MATCHES "Run with `./workbook ch03 ${options}`[.]" OR NOT report2 MATCHES "<details><summary>Answer</summary>")
  message(FATAL_ERROR "step 2: ch03's section lacks its settings or the folded answers:\n${report2}")
endif()
file(READ ${OUT}/MANIFEST manifest)
if(NOT manifest MATCHES "\nch01/output.txt\n" OR NOT manifest MATCHES "\nch03/output.txt\n")
  message(FATAL_ERROR "step 2: MANIFEST lost ch01's or ch03's files:\n${manifest}")
endif()

execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${PLOTS} --chapter ch03 ${chapters} -- --d 3
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${OUT}/REPORT.md report3)
if(NOT rc EQUAL 2 OR NOT report3 STREQUAL report2)
  message(FATAL_ERROR "step 3: a bad option gave exit ${rc} (expected 2) or changed REPORT.md\n${out}${err}")
endif()
message("one-chapter mode: kept ch01's section, printed exercise ${id}'s answer, refused --d 3 without changes")
