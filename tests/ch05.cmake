# Chapter 5: the rotation identity and relative position in attention.
# The default run takes ~2 s in the dev build, so the claim tests use the full configuration.
workbook_claim_tests(ch05 CLAIMS 5.1 5.2 5.3 5.4)
workbook_figure_tests(ch05)

# Bad input: ch05's own options.
workbook_badinput_test(ch05.badinput.trials_small ch05 ARGS --trials 5 EXPECT "--trials '5': expected an integer in \\[20, 100000\\]")
workbook_badinput_test(ch05.badinput.trials_zero ch05 ARGS --trials 0 EXPECT "--trials '0'")
workbook_badinput_test(ch05.badinput.trials_negative ch05 ARGS --trials -100 EXPECT "--trials '-100'")
workbook_badinput_test(ch05.badinput.trials_garbage ch05 ARGS --trials 1k EXPECT "--trials '1k'")
workbook_badinput_test(ch05.badinput.d_odd ch05 ARGS --d 127 EXPECT "--d '127': expected an even integer in \\[4, 1024\\]")
workbook_badinput_test(ch05.badinput.d_zero ch05 ARGS --d 0 EXPECT "--d '0'")
workbook_badinput_test(ch05.badinput.d_too_big ch05 ARGS --d 4096 EXPECT "--d '4096'")
workbook_badinput_test(ch05.badinput.d_text ch05 ARGS --d wide EXPECT "--d 'wide'")
workbook_badinput_test(ch05.badinput.positions_small ch05 ARGS --positions 4 EXPECT "--positions '4': expected an integer in \\[8, 1024\\]")
workbook_badinput_test(ch05.badinput.positions_negative ch05 ARGS --positions -128 EXPECT "--positions '-128'")
workbook_badinput_test(ch05.badinput.positions_memory ch05 ARGS --positions 100000 EXPECT "--positions '100000'")
workbook_badinput_test(ch05.badinput.positions_range ch05 ARGS --positions 5:2 EXPECT "--positions '5:2'")
workbook_badinput_test(ch05.badinput.positions_float ch05 ARGS --positions 12.5 EXPECT "--positions '12.5'")
workbook_badinput_test(ch05.badinput.claim_unknown ch05 ARGS --claim 5.5 EXPECT "--claim '5.5': expected one of 5.1")

add_test(NAME ch05.help COMMAND ch05 --help)
set_tests_properties(ch05.help PROPERTIES LABELS "ch05" PASS_REGULAR_EXPRESSION "usage: ch05.*--positions")
