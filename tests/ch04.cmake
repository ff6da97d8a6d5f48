# Chapter 4: frequencies, periods and clock hands.
# The default run takes ~1 s, so the claim tests use the full configuration.
workbook_claim_tests(ch04)
workbook_figure_tests(ch04)

# Bad inputs for ch04's own options: rows of tests/bad_inputs.txt.
workbook_reproducible_test(ch04)
workbook_memcheck_test(ch04 ARGS --d 16 --positions 20000)
workbook_disk_full_test(ch04)
