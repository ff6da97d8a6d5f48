# expect_driver_rerun.cmake: two driver runs into the same OUT. The first runs
# the real chapter CHAPTER with gnuplot GNUPLOT and must succeed with claims
# and figures. Then files the driver did not write are planted (OUT/notes.txt,
# OUT/figures/mine.png, and MANIFEST lines naming notes.txt and a path
# outside), and a gnuplot log as drivers before MANIFEST left them
# (figures/.ch01_output_d.png.log); the second run starts SECOND (a chapter program of the same
# name) with SECOND_GNUPLOT. It must exit EXPECT_RC, its terminal output must
# match STDOUT_MATCH, REPORT.md must match REPORT_MATCH and not REPORT_AVOID,
# SECOND's output.txt must match OUTPUT_MATCH (when given), and:
#   - figures/ holds no figure of the first run (only the planted mine.png),
#     and no hidden file (no logs, no temporaries);
#   - the planted files survive, and the terminal output points out mine.png;
#   - REPORT.md holds no printf directive (a literal %d).
# Without gnuplot (GNUPLOT empty: both runs get an empty PATH) the first run
# draws no figure: with REQUIRE_FIGURES the test is then SKIPPED, otherwise
# the rest is checked all the same.
set(gp "")
if(GNUPLOT)
  set(gp --gnuplot ${GNUPLOT})
elseif(REQUIRE_FIGURES)
  message("SKIPPED: no gnuplot, so the first run draws no figure")
  return()
else()
  set(ENV{PATH} "")
endif()
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${PLOTS} ${gp} ${CHAPTER}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("== first run: exit ${rc}\n${out}${err}")
file(READ ${OUT}/REPORT.md report)
file(GLOB first_figures RELATIVE ${OUT}/figures ${OUT}/figures/*)
if(NOT rc EQUAL 0 OR NOT report MATCHES "\\| 1\\.1 \\|" OR (GNUPLOT AND NOT first_figures))
  message(FATAL_ERROR "the first run did not give claims and figures (exit ${rc}; figures: ${first_figures})")
endif()

file(WRITE ${OUT}/notes.txt "mine\n")
file(WRITE ${OUT}/figures/mine.png "mine\n")
file(WRITE ${OUT}/figures/.ch01_output_d.png.log "a log as drivers before MANIFEST left them\n")
file(APPEND ${OUT}/MANIFEST "notes.txt\nfigures/../notes.txt\n../outside\n")

set(gp "")
if(SECOND_GNUPLOT)
  set(gp --gnuplot ${SECOND_GNUPLOT})
endif()
execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${PLOTS} ${gp} ${SECOND}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("== second run: exit ${rc}\n${out}${err}")
set(problems "")
if(NOT rc EQUAL EXPECT_RC)
  string(APPEND problems "exit status ${rc}, expected ${EXPECT_RC}; ")
endif()
if(NOT out MATCHES "also holds 1 file this run did not write \\(e\\.g\\. mine\\.png\\)")
  string(APPEND problems "the terminal output does not point out the planted mine.png; ")
endif()
if(NOT out MATCHES "${STDOUT_MATCH}")
  string(APPEND problems "the terminal output does not say '${STDOUT_MATCH}'; ")
endif()
file(READ ${OUT}/REPORT.md report)
if(NOT report MATCHES "${REPORT_MATCH}")
  string(APPEND problems "REPORT.md does not say '${REPORT_MATCH}'; ")
endif()
if(report MATCHES "${REPORT_AVOID}")
  string(APPEND problems "REPORT.md says '${REPORT_AVOID}' (from the first run?); ")
endif()
if(report MATCHES "%[0-9.]*[dsfg]")
  string(APPEND problems "REPORT.md holds a printf directive; ")
endif()
get_filename_component(name ${SECOND} NAME)
if(OUTPUT_MATCH)
  file(READ ${OUT}/${name}/output.txt transcript)
  if(NOT transcript MATCHES "${OUTPUT_MATCH}")
    string(APPEND problems "${name}/output.txt does not say '${OUTPUT_MATCH}'; ")
  endif()
endif()
file(GLOB left RELATIVE ${OUT}/figures ${OUT}/figures/* ${OUT}/figures/.*)
list(REMOVE_DUPLICATES left)
if(NOT left STREQUAL "mine.png")
  string(APPEND problems "figures/ holds ${left}, expected only the planted mine.png; ")
endif()
if(NOT EXISTS ${OUT}/notes.txt)
  string(APPEND problems "the planted notes.txt was removed; ")
endif()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
