# expect_figure_fails.cmake: run the driver (DRIVER) on one chapter (CHAPTER)
# with tests/data/failing_gnuplot (GNUPLOT), which fails on figure FAIL
# (chNN_NAME) and draws the others with REAL_GNUPLOT. The figures are drawn
# at once (tools/figures.h), the failing one first to end; still it must be
# that figure's failure alone, as one at a time:
#   - exit status 1, and the terminal says FAIL is MISSING with gnuplot's
#     message, every other figure drawn;
#   - MANIFEST lists the other figures' files in the order one at a time
#     writes them (figure after figure; in each, the PNG and SVG in English,
#     the reader's language here, then the SVG in zh-TW and in zh-CN), and
#     no file of FAIL;
#   - no file of FAIL and no temporary file is left.
file(REMOVE_RECURSE ${OUT})
set(ENV{REAL_GNUPLOT} ${REAL_GNUPLOT})
set(ENV{FAIL_SCRIPT} ${FAIL}.gp)
execute_process(COMMAND ${DRIVER} --lang en --out ${OUT} --plots ${PLOTS} --gnuplot ${GNUPLOT} ${CHAPTER}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
set(problems "")
if(NOT rc EQUAL 1)
  string(APPEND problems "exit status ${rc}, expected 1; ")
endif()
if(NOT out MATCHES "figure ${FAIL} +MISSING: gnuplot failed \\(exit 1\\) on png: fake gnuplot: ${FAIL}.gp fails")
  string(APPEND problems "the terminal does not say ${FAIL} is missing, with gnuplot's message; ")
endif()
get_filename_component(name ${CHAPTER} NAME)
file(GLOB scripts RELATIVE ${PLOTS} ${PLOTS}/${name}_*.gp)
list(SORT scripts)
set(expected "")
foreach(script IN LISTS scripts)
  string(REGEX REPLACE "\\.gp$" "" figure ${script})
  if(figure STREQUAL FAIL)
    continue()
  endif()
  if(NOT out MATCHES "figure ${figure} +drawn")
    string(APPEND problems "the terminal does not say ${figure} was drawn; ")
  endif()
  list(APPEND expected figures/${figure}.png figures/${figure}.svg figures/zh-TW/${figure}.svg figures/zh-CN/${figure}.svg)
endforeach()
file(STRINGS ${OUT}/MANIFEST manifest REGEX "^figures/")
if(NOT manifest STREQUAL expected)
  string(APPEND problems "MANIFEST lists the figures as\n  ${manifest}\nexpected\n  ${expected}\n")
endif()
file(GLOB_RECURSE left RELATIVE ${OUT} ${OUT}/figures/${FAIL}.* ${OUT}/figures/*/${FAIL}.* ${OUT}/*.tmp* ${OUT}/*/.*.tmp* ${OUT}/figures/*/.*.tmp*)
if(left)
  string(APPEND problems "left behind: ${left}; ")
endif()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
message("OK: ${FAIL} failed alone, the others were drawn and listed in order")
