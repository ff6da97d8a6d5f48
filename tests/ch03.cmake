# Chapter 3: building the sinusoidal table.
workbook_claim_tests(ch03)
workbook_figure_tests(ch03)

# Bad inputs for ch03's own options: rows of tests/bad_inputs.txt.

# The two print modes, --print-table and --position K: each prints to
# standard output, exits 0, says nothing on stderr and writes nothing (the
# --out folder is not created). The script is written here, at configure
# time: PROGRAM, ARGS, OUT and EXPECT (a regex the output must match); with
# -DWRITES=1 the run is a normal one (it writes its folder).
set(ch03_print_mode_script ${CMAKE_CURRENT_BINARY_DIR}/ch03_expect_print_mode.cmake)
file(WRITE ${ch03_print_mode_script} [=[
file(REMOVE_RECURSE ${OUT})
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${PROGRAM} ${args} --out ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "'${ARGS}' exited with status ${rc}, expected 0:\n${out}${err}")
endif()
if(NOT err STREQUAL "")
  message(FATAL_ERROR "'${ARGS}' wrote to stderr:\n${err}")
endif()
if(NOT WRITES AND EXISTS ${OUT})
  message(FATAL_ERROR "'${ARGS}' created ${OUT}: a print mode writes nothing")
endif()
if(NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "'${ARGS}': the output does not match '${EXPECT}':\n${out}")
endif()
]=])
function(ch03_print_mode_test name args expect)
  add_test(NAME ch03.${name}
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch03> "-DARGS=${args}" ${ARGN}
                   -DOUT=${WORKBOOK_TEST_OUT}/ch03/${name} "-DEXPECT=${expect}" -P ${ch03_print_mode_script})
  set_tests_properties(ch03.${name} PROPERTIES LABELS "ch03")
endfunction()
# --print-table prints the rows with their headers (Doc B §4-2's d = 4 table, by the formula).
ch03_print_mode_test(print_table "--print-table --d 4 --positions 0:3"
  "0 sin +1 cos +2 sin +3 cos.*\n +1 +0\\.841471 +0\\.540302 +0\\.010000 +0\\.999950\n +2 +0\\.909297")
# --position 7 at d = 8: Z = 1, 10, 100, 1000; pair 0 is sin 7, cos 7, pair 1 sin 0.7, cos 0.7.
ch03_print_mode_test(position "--position 7 --d 8"
  "\n +0 +0, 1 +1 +7\\.000000 +1\\.11408 +0\\.656987 +0\\.753902\n +1 +2, 3 +10 +0\\.700000 .*P_7 = \\[0\\.656987, 0\\.753902, 0\\.644218, 0\\.764842, 0\\.069943, 0\\.997551, 0\\.007000, 0\\.999976\\]")
# At the top of the range: sin(1e9) = 0.545843, cos(1e9) = 0.837887 (d = 4: Z_1 = 100).
ch03_print_mode_test(position_large "--position 1000000000 --d 4"
  "P_1000000000 = \\[0\\.545843, 0\\.837887, 0\\.420548, -0\\.907270\\]")
# The lesson's words follow the numbers (lessons/en/ch03.md's cases, chosen in C):
# at d = 2 claim 3.1 has one pair, nothing to compare it with; claim 3.5's
# erratum names the wrong values' count and that they all sit in pair 1.
ch03_print_mode_test(lesson.one_pair "--claim 3.1 --d 2" "holds: At d = 2 there is one pair" -DWRITES=1)
ch03_print_mode_test(lesson.erratum "--claim 3.5"
  "erratum \\(an error\\): 6 of 16 printed values are wrong, all in pair 1" -DWRITES=1)
# 3.4 (issue 42): the largest distant s at d = 128 sits at R = 1030, where 28 of
# the 64 pairs have not turned once (the case "unturned"); at d = 16 it sits at
# R = 81681, every pair past its first turn (the case "turned").
ch03_print_mode_test(lesson.far_unturned "--claim 3.4"
  "partly holds: .*s\\(1030\\) = 0\\.32,[ \n]28[ \n]of[ \n]64[ \n]pairs[ \n]not[ \n]yet[ \n]turned[ \n]once" -DWRITES=1)
ch03_print_mode_test(lesson.far_turned "--claim 3.4 --d 16"
  "partly holds: .*s\\(81681\\) = 0\\.90,[ \n]every[ \n]pair[ \n]past[ \n]its[ \n]first[ \n]turn" -DWRITES=1)
workbook_reproducible_test(ch03)
# Under valgrind: claims 3.5, 3.6, 3.1 and the two print modes; 3.2, 3.3 and 3.4
# are long loops over the same pe_offset code (the ASan suite covers them).
# 3.1 walks one full turn of the slowest pair: at d = 16 that is positions
# 0..19870 of 8 pairs (at the default d = 128, 54411 of 64: ~30 s under valgrind).
foreach(id 3.5 3.6)
  workbook_memcheck_test(ch03 NAME ${id} ARGS --claim ${id})
endforeach()
workbook_memcheck_test(ch03 NAME 3.1 ARGS --claim 3.1 --d 16)
workbook_memcheck_test(ch03 NAME print_table ARGS --print-table --d 8 --positions 0:5)
workbook_memcheck_test(ch03 NAME position ARGS --position 12345 --d 16)
workbook_disk_full_test(ch03)
