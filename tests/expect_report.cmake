# expect_report.cmake: run the driver on one chapter with a given gnuplot
# and check that the numbers and the report still come out, that the report
# says which figures are missing and why, and the exit status (EXPECT_RC).
# GNUPLOT empty: no --gnuplot, so the driver looks gnuplot up on PATH;
# SEARCH_PATH, when defined (even empty), is that PATH (empty: no gnuplot at
# all).
file(REMOVE_RECURSE ${OUT})
set(gp "")
if(GNUPLOT)
  set(gp --gnuplot ${GNUPLOT})
endif()
if(DEFINED SEARCH_PATH)
  set(ENV{PATH} "${SEARCH_PATH}")
endif()
execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${PLOTS} ${gp} ${CHAPTER}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL EXPECT_RC)
  message(FATAL_ERROR "driver exit status ${rc}, expected ${EXPECT_RC}")
endif()
if(NOT EXISTS ${OUT}/REPORT.md)
  message(FATAL_ERROR "no REPORT.md")
endif()
file(READ ${OUT}/REPORT.md report)
if(NOT report MATCHES "${REPORT_MATCH}")
  message(FATAL_ERROR "REPORT.md does not say '${REPORT_MATCH}'")
endif()
if(report MATCHES "%[0-9.]*[dsfg]")
  message(FATAL_ERROR "REPORT.md holds a printf directive")
endif()
get_filename_component(name ${CHAPTER} NAME)
if(NOT EXISTS ${OUT}/${name}/claims.tsv)
  message(FATAL_ERROR "the chapter's claims.tsv is missing")
endif()
