# pages_fixture.cmake: make a folder of workbook pages for the browser tests.
#   -DPAGES=workbook_pages -DOUT=DIR -DASSETS=tools/pages -DKATEX=DIR (may be empty)
#   -DDRIVER=workbook_run -DPLOTS=plots -DGNUPLOT=gnuplot "-DCHAPTERS=ch01;ch02..."
# a run of those chapters (exit 0 or 1 from the driver: the pages are written
# either way, as run_workbook does).
file(REMOVE_RECURSE ${OUT})
set(gp "")
if(GNUPLOT)
  set(gp --gnuplot ${GNUPLOT})
endif()
execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${PLOTS} ${gp} ${CHAPTERS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc MATCHES "^[01]$")
  message(FATAL_ERROR "workbook_run: exit status ${rc}")
endif()
set(katex "")
if(KATEX)
  set(katex --katex ${KATEX})
endif()
execute_process(COMMAND ${PAGES} --out ${OUT} --plots ${PLOTS} --assets ${ASSETS} ${katex}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "workbook_pages: exit status ${rc}")
endif()
