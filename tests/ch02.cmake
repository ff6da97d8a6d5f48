# Chapter 2: raw integer positions swamp meaning.
workbook_claim_tests(ch02 CLAIMS 2.1 2.2 2.3 2.4)
workbook_figure_tests(ch02)

# Bad input: every option of ch02.
workbook_badinput_test(ch02.badinput.d_odd ch02 ARGS --d 3 EXPECT "--d '3': expected an even integer in \\[2, 1024\\]")
workbook_badinput_test(ch02.badinput.d_zero ch02 ARGS --d 0 EXPECT "--d '0'")
workbook_badinput_test(ch02.badinput.d_negative ch02 ARGS --d -64 EXPECT "--d '-64'")
workbook_badinput_test(ch02.badinput.d_garbage ch02 ARGS --d 64x EXPECT "--d '64x'")
workbook_badinput_test(ch02.badinput.vocab_one ch02 ARGS --vocab 1 EXPECT "--vocab '1'")
workbook_badinput_test(ch02.badinput.vocab_text ch02 ARGS --vocab many EXPECT "--vocab 'many'")
workbook_badinput_test(ch02.badinput.vocab_memory ch02 ARGS --vocab 1000000 --d 1024
                       EXPECT "--vocab '1000000': expected vocab x d <= 4000000")
workbook_badinput_test(ch02.badinput.max_position_small ch02 ARGS --max-position 10 EXPECT "--max-position '10'")
workbook_badinput_test(ch02.badinput.max_position_huge ch02 ARGS --max-position 99999999999 EXPECT "--max-position '99999999999'")
workbook_badinput_test(ch02.badinput.max_position_float ch02 ARGS --max-position 1e5 EXPECT "--max-position '1e5'")

add_test(NAME ch02.help COMMAND ch02 --help)
set_tests_properties(ch02.help PROPERTIES LABELS "ch02" PASS_REGULAR_EXPRESSION "usage: ch02.*--max-position")
