# Chapter 7: relative position done directly (RoPE, ALiBi, the causal mask, table layouts).
# The default configuration runs in well under a second, so tests use it as is.
workbook_claim_tests(ch07 CLAIMS 7.1 7.2 7.3 7.4 7.5 7.6)
workbook_figure_tests(ch07)

# Bad input: every option of ch07.
workbook_badinput_test(ch07.badinput.d_odd ch07 ARGS --d 7 EXPECT "--d '7': expected an even integer in \\[4, 1024\\]")
workbook_badinput_test(ch07.badinput.d_two ch07 ARGS --d 2 EXPECT "--d '2'")
workbook_badinput_test(ch07.badinput.d_zero ch07 ARGS --d 0 EXPECT "--d '0'")
workbook_badinput_test(ch07.badinput.d_negative ch07 ARGS --d -64 EXPECT "--d '-64'")
workbook_badinput_test(ch07.badinput.d_garbage ch07 ARGS --d 64x EXPECT "--d '64x'")
workbook_badinput_test(ch07.badinput.d_too_big ch07 ARGS --d 2048 EXPECT "--d '2048'")
workbook_badinput_test(ch07.badinput.positions_one ch07 ARGS --positions 1 EXPECT "--positions '1'")
workbook_badinput_test(ch07.badinput.positions_text ch07 ARGS --positions many EXPECT "--positions 'many'")
workbook_badinput_test(ch07.badinput.positions_too_big ch07 ARGS --positions 5000 EXPECT "--positions '5000'")
workbook_badinput_test(ch07.badinput.trials_zero ch07 ARGS --trials 0 EXPECT "--trials '0'")
workbook_badinput_test(ch07.badinput.trials_float ch07 ARGS --trials 2.5 EXPECT "--trials '2.5'")
workbook_badinput_test(ch07.badinput.work_bound ch07 ARGS --d 1024 --positions 1024 --trials 100
                       EXPECT "--trials '100': expected trials \\* positions\\^2 \\* d <= 2e10")
workbook_badinput_test(ch07.badinput.heads_zero ch07 ARGS --heads 0 EXPECT "--heads '0'")
workbook_badinput_test(ch07.badinput.heads_too_many ch07 ARGS --heads 65 EXPECT "--heads '65'")
workbook_badinput_test(ch07.badinput.heads_missing ch07 ARGS --heads EXPECT "--heads: missing value")
workbook_badinput_test(ch07.badinput.causal_length_one ch07 ARGS --causal-length 1 EXPECT "--causal-length '1'")
workbook_badinput_test(ch07.badinput.causal_length_memory ch07 ARGS --causal-length 100000 EXPECT "--causal-length '100000'")
workbook_badinput_test(ch07.badinput.causal_length_negative ch07 ARGS --causal-length -5 EXPECT "--causal-length '-5'")
workbook_badinput_test(ch07.badinput.claim_unknown ch07 ARGS --claim 7.7 EXPECT "--claim '7.7': expected one of 7.1")

add_test(NAME ch07.help COMMAND ch07 --help)
set_tests_properties(ch07.help PROPERTIES LABELS "ch07" PASS_REGULAR_EXPRESSION "usage: ch07.*--causal-length")
