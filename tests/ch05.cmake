# Chapter 5: the rotation identity and relative position in attention.
# The default run takes ~2 s in the dev build, so the claim tests use the full configuration.
workbook_claim_tests(ch05)
workbook_figure_tests(ch05)

# Bad inputs for ch05's own options: rows of tests/bad_inputs.txt.
workbook_reproducible_test(ch05)
workbook_memcheck_test(ch05 ARGS --trials 20 --d 8 --positions 8)
workbook_disk_full_test(ch05)
