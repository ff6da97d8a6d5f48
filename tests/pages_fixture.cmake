# pages_fixture.cmake: make a folder of workbook pages for the browser tests.
#   -DPAGES=workbook_pages -DOUT=DIR -DASSETS=tools/pages -DKATEX=DIR (may be empty)
#   then either
#   -DDRIVER=workbook_run -DPLOTS=plots -DGNUPLOT=gnuplot "-DCHAPTERS=ch01;ch02..."
#       a real run of those chapters (exit 0 or 1 from the driver: the pages
#       are written either way, as run_workbook does), or
#   -DCOPY=tests/data/pages/run -DPLOTS=tests/data/pages/plots
#       a made-up run folder (markup in every field, an exercise, a file name
#       with a space and an ampersand).
file(REMOVE_RECURSE ${OUT})
if(COPY)
  file(MAKE_DIRECTORY ${OUT})
  file(COPY ${COPY}/ DESTINATION ${OUT})
else()
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
