# run_then_pages.cmake: the run_workbook target. Runs the driver, then writes
# the HTML pages from whatever the run left (also after a run whose verdicts
# drifted, exit 1, which is when a reader most wants to look), and ends with
# the driver's exit status; a pages failure fails the target too.
#   cmake -DPAGES=<workbook_pages;args> -P run_then_pages.cmake DRIVER ARGS...
set(driver "")
set(after_script FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE 1 ${last})
  if(after_script)
    list(APPEND driver "${CMAKE_ARGV${i}}")
  elseif(CMAKE_ARGV${i} MATCHES "run_then_pages\\.cmake$")
    set(after_script TRUE)
  endif()
endforeach()
execute_process(COMMAND ${driver} RESULT_VARIABLE driver_status)
if(PAGES)
  execute_process(COMMAND ${PAGES} RESULT_VARIABLE pages_status)
  if(NOT pages_status EQUAL 0)
    message(FATAL_ERROR "workbook_pages: exit status ${pages_status}")
  endif()
endif()
if(NOT driver_status EQUAL 0)
  message(FATAL_ERROR "workbook_run: exit status ${driver_status}")
endif()
