# Chapter 3: building the sinusoidal table.
workbook_claim_tests(ch03 CLAIMS 3.1 3.2 3.3 3.4 3.5)
workbook_figure_tests(ch03)

# Bad input: every option of ch03.
workbook_badinput_test(ch03.badinput.d_odd ch03 ARGS --d 3 EXPECT "--d '3': expected an even integer in \\[2, 1024\\]")
workbook_badinput_test(ch03.badinput.d_zero ch03 ARGS --d 0 EXPECT "--d '0'")
workbook_badinput_test(ch03.badinput.d_negative ch03 ARGS --d -4 EXPECT "--d '-4'")
workbook_badinput_test(ch03.badinput.d_odd_print ch03 ARGS --print-table --d 3 EXPECT "--d '3'")
workbook_badinput_test(ch03.badinput.n_small ch03 ARGS --n 10 EXPECT "--n '10': expected an integer in \\[1000, 1000000\\]")
workbook_badinput_test(ch03.badinput.n_huge ch03 ARGS --n 100000000000 EXPECT "--n '100000000000'")
workbook_badinput_test(ch03.badinput.n_garbage ch03 ARGS --n 1e4 EXPECT "--n '1e4'")
workbook_badinput_test(ch03.badinput.positions_backwards ch03 ARGS --print-table --positions 5:2
                       EXPECT "--positions '5:2': expected FIRST:LAST")
workbook_badinput_test(ch03.badinput.positions_negative ch03 ARGS --print-table --positions -1:3 EXPECT "--positions '-1:3'")
workbook_badinput_test(ch03.badinput.positions_half ch03 ARGS --print-table --positions 3 EXPECT "--positions '3'")
workbook_badinput_test(ch03.badinput.positions_text ch03 ARGS --print-table --positions a:b EXPECT "--positions 'a:b'")
workbook_badinput_test(ch03.badinput.positions_memory ch03 ARGS --print-table --d 512 --positions 0:999999999
                       EXPECT "--positions '0:999999999': expected at most 1000000 printed numbers")
workbook_badinput_test(ch03.badinput.print_table_value ch03 ARGS --print-table=yes EXPECT "--print-table 'yes'")

# --print-table prints the rows with their headers (Doc B §4-2's d = 4 table, by the formula).
add_test(NAME ch03.print_table COMMAND ch03 --print-table --d 4 --positions 0:3)
set_tests_properties(ch03.print_table PROPERTIES LABELS "ch03"
  PASS_REGULAR_EXPRESSION "0 sin +1 cos +2 sin +3 cos.*\n +1 +0\\.841471 +0\\.540302 +0\\.010000 +0\\.999950\n +2 +0\\.909297")
add_test(NAME ch03.help COMMAND ch03 --help)
set_tests_properties(ch03.help PROPERTIES LABELS "ch03" PASS_REGULAR_EXPRESSION "usage: ch03.*--print-table")
