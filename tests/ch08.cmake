# Chapter 8: precision, and the rotation identity as a fast table generator.
# Quick options: the recurrence claims check a 2^13-row table (the full run
# checks 2^16 rows); the verdicts are just as decisive (the drift per step is
# the same, and B is chosen from it). The float study is cheap at full size.
set(ch08_quick --positions 8192)
workbook_claim_tests(ch08 CLAIMS 8.1 8.2 8.3 8.4 ARGS ${ch08_quick})
workbook_figure_tests(ch08 ARGS ${ch08_quick})

# Bad input: every option of ch08.
workbook_badinput_test(ch08.badinput.d_odd ch08 ARGS --d 511 EXPECT "--d '511': expected an even integer in \\[4, 2048\\]")
workbook_badinput_test(ch08.badinput.d_two ch08 ARGS --d 2 EXPECT "--d '2'")
workbook_badinput_test(ch08.badinput.d_too_big ch08 ARGS --d 4096 EXPECT "--d '4096'")
workbook_badinput_test(ch08.badinput.max_position_zero ch08 ARGS --max-position 0 EXPECT "--max-position '0': expected an integer in \\[10000, 1000000000\\]")
workbook_badinput_test(ch08.badinput.max_position_negative ch08 ARGS --max-position -100000 EXPECT "--max-position '-100000'")
workbook_badinput_test(ch08.badinput.max_position_small ch08 ARGS --max-position 9999 EXPECT "--max-position '9999'")
workbook_badinput_test(ch08.badinput.max_position_big ch08 ARGS --max-position 1000000001 EXPECT "--max-position '1000000001'")
workbook_badinput_test(ch08.badinput.max_position_exponent ch08 ARGS --max-position 1e7 EXPECT "--max-position '1e7'")
workbook_badinput_test(ch08.badinput.max_position_garbage ch08 ARGS --max-position ten EXPECT "--max-position 'ten'")
workbook_badinput_test(ch08.badinput.max_position_missing ch08 ARGS --max-position EXPECT "--max-position: missing value")
workbook_badinput_test(ch08.badinput.positions_small ch08 ARGS --positions 1023 EXPECT "--positions '1023'")
workbook_badinput_test(ch08.badinput.positions_range ch08 ARGS --positions 5:2 EXPECT "--positions '5:2'")
workbook_badinput_test(ch08.badinput.positions_float ch08 ARGS --positions 8192.5 EXPECT "--positions '8192.5'")
workbook_badinput_test(ch08.badinput.positions_times_d ch08 ARGS --positions 131072 EXPECT "--positions '131072': N \\* d <= 2\\^25")
workbook_badinput_test(ch08.badinput.positions_times_wide_d ch08 ARGS --d 2048 --positions 32768 EXPECT "--positions '32768': N \\* d <= 2\\^25")
workbook_badinput_test(ch08.badinput.claim_unknown ch08 ARGS --claim 8.9 EXPECT "--claim '8.9': expected one of 8.1 8.2 8.3 8.4")

add_test(NAME ch08.help COMMAND ch08 --help)
set_tests_properties(ch08.help PROPERTIES LABELS "ch08" PASS_REGULAR_EXPRESSION "usage: ch08.*--max-position")

# The benchmark is not a test (it prints timings and asserts nothing about
# them), but its bad input is refused like every program's: exit 2 and one
# line naming the option (it has no --out, so expect_bad_input does not fit).
foreach(case IN ITEMS "reps_one;--reps;1;--reps '1'"
                      "anchor_zero;--anchor-every;0;--anchor-every '0'"
                      "d_odd;--d;511;--d '511'")
  list(GET case 0 name)
  list(GET case 1 option)
  list(GET case 2 value)
  list(GET case 3 expect)
  add_test(NAME bench.badinput.${name} COMMAND bench_pe_fill ${option} ${value})
  set_tests_properties(bench.badinput.${name} PROPERTIES LABELS "badinput" PASS_REGULAR_EXPRESSION "${expect}")
endforeach()
add_test(NAME bench.badinput.too_big COMMAND bench_pe_fill --d 4096 --positions 16777216)
set_tests_properties(bench.badinput.too_big PROPERTIES LABELS "badinput"
                     PASS_REGULAR_EXPRESSION "--positions '16777216': N \\* d \\* 8 bytes <= 1 GiB")
