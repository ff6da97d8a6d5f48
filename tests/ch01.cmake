# Chapter 1: self-attention cannot see order.
# (Its bad inputs are rows of tests/bad_inputs.txt; the shared options are
# tried for every chapter by tests/CMakeLists.txt.)
workbook_claim_tests(ch01 CLAIMS 1.1 1.2 1.3 1.4 1.5 1.6 1.7)
workbook_figure_tests(ch01)
workbook_reproducible_test(ch01)
workbook_memcheck_test(ch01 ARGS --trials 20 --time-len 16)
workbook_disk_full_test(ch01)
