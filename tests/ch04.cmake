# Chapter 4: frequencies, periods and clock hands.
# The default run takes ~1 s, so the claim tests use the full configuration.
workbook_claim_tests(ch04 CLAIMS 4.1 4.2 4.3 4.4)
workbook_figure_tests(ch04)

# Bad input: ch04's own options (--d, --positions) and the --positions bound that depends on --d.
workbook_badinput_test(ch04.badinput.d_odd ch04 ARGS --d 127 EXPECT "--d '127': expected an even integer in \\[4, 1024\\]")
workbook_badinput_test(ch04.badinput.d_zero ch04 ARGS --d 0 EXPECT "--d '0'")
workbook_badinput_test(ch04.badinput.d_negative ch04 ARGS --d -128 EXPECT "--d '-128'")
workbook_badinput_test(ch04.badinput.d_garbage ch04 ARGS --d 128x EXPECT "--d '128x'")
workbook_badinput_test(ch04.badinput.d_too_big ch04 ARGS --d 2048 EXPECT "--d '2048'")
workbook_badinput_test(ch04.badinput.positions_zero ch04 ARGS --positions 0 EXPECT "--positions '0'")
workbook_badinput_test(ch04.badinput.positions_negative ch04 ARGS --positions -5 EXPECT "--positions '-5'")
workbook_badinput_test(ch04.badinput.positions_text ch04 ARGS --positions many EXPECT "--positions 'many'")
workbook_badinput_test(ch04.badinput.positions_float ch04 ARGS --positions 1e5 EXPECT "--positions '1e5'")
workbook_badinput_test(ch04.badinput.positions_too_big ch04 ARGS --positions 100000000 EXPECT "--positions '100000000'")
workbook_badinput_test(ch04.badinput.positions_range ch04 ARGS --positions 5:2 EXPECT "--positions '5:2'")
workbook_badinput_test(ch04.badinput.positions_short ch04 ARGS --positions 50000
                       EXPECT "--positions '50000': expected more than 54412 for d = 128")
workbook_badinput_test(ch04.badinput.positions_short_d512 ch04 ARGS --d 512 --positions 60000
                       EXPECT "--positions '60000': expected more than 60613 for d = 512")
workbook_badinput_test(ch04.badinput.claim_unknown ch04 ARGS --claim 4.9 EXPECT "--claim '4.9': expected one of 4.1")

add_test(NAME ch04.help COMMAND ch04 --help)
set_tests_properties(ch04.help PROPERTIES LABELS "ch04" PASS_REGULAR_EXPRESSION "usage: ch04.*--positions")
