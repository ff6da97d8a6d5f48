# Chapter 1: self-attention cannot see order.
workbook_claim_tests(ch01 CLAIMS 1.1 1.2 1.3 1.4 1.5 1.6)
workbook_figure_tests(ch01)

# Bad input: every option of ch01, and the standard ones every chapter shares.
workbook_badinput_test(ch01.badinput.d_odd ch01 ARGS --d 3 EXPECT "--d '3': expected an even integer in \\[2, 1024\\]")
workbook_badinput_test(ch01.badinput.d_zero ch01 ARGS --d 0 EXPECT "--d '0'")
workbook_badinput_test(ch01.badinput.d_negative ch01 ARGS --d -4 EXPECT "--d '-4'")
workbook_badinput_test(ch01.badinput.d_text ch01 ARGS --d eight EXPECT "--d 'eight'")
workbook_badinput_test(ch01.badinput.d_garbage ch01 ARGS --d 8abc EXPECT "--d '8abc'")
workbook_badinput_test(ch01.badinput.d_empty ch01 ARGS --d= EXPECT "--d ''")
workbook_badinput_test(ch01.badinput.d_overflow ch01 ARGS --d 99999999999999999999 EXPECT "--d '99999999999999999999'")
workbook_badinput_test(ch01.badinput.d_too_big ch01 ARGS --d 2048 EXPECT "--d '2048'")
workbook_badinput_test(ch01.badinput.d_missing ch01 ARGS --d EXPECT "--d: missing value")
workbook_badinput_test(ch01.badinput.d_twice ch01 ARGS --d 8 --d 16 EXPECT "--d: given more than once")
workbook_badinput_test(ch01.badinput.trials_zero ch01 ARGS --trials 0 EXPECT "--trials '0'")
workbook_badinput_test(ch01.badinput.trials_plus ch01 ARGS --trials +5 EXPECT "--trials '\\+5'")
workbook_badinput_test(ch01.badinput.seed_negative ch01 ARGS --seed -1 EXPECT "--seed '-1'")
workbook_badinput_test(ch01.badinput.seed_float ch01 ARGS --seed 1.5 EXPECT "--seed '1.5'")
workbook_badinput_test(ch01.badinput.claim_unknown ch01 ARGS --claim 9.9 EXPECT "--claim '9.9': expected one of 1.1")
workbook_badinput_test(ch01.badinput.unknown_option ch01 ARGS --colour red EXPECT "unknown option '--colour'")
workbook_badinput_test(ch01.badinput.quiet_value ch01 ARGS --quiet=yes EXPECT "--quiet 'yes'")
workbook_badinput_test(ch01.badinput.out_unwritable ch01 ARGS --out /proc/pe-workbook-test EXPECT "--out '/proc/pe-workbook-test': cannot")
workbook_badinput_test(ch01.badinput.out_is_file ch01 ARGS --out ${CMAKE_CURRENT_SOURCE_DIR}/CMakeLists.txt/sub EXPECT "--out .*: cannot create the folder")

# --help works and exits 0.
add_test(NAME ch01.help COMMAND ch01 --help)
set_tests_properties(ch01.help PROPERTIES LABELS "ch01" PASS_REGULAR_EXPRESSION "usage: ch01.*--trials")
