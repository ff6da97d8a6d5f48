# Chapter 7: relative position done directly (RoPE, ALiBi, the causal mask, table layouts).
# The default configuration runs in well under a second, so tests use it as is.
workbook_claim_tests(ch07 CLAIMS 7.1 7.2 7.3 7.4 7.5 7.6)
workbook_figure_tests(ch07)

# Bad inputs for ch07's own options: rows of tests/bad_inputs.txt.
workbook_reproducible_test(ch07)
workbook_memcheck_test(ch07 ARGS --positions 16 --trials 5 --causal-length 64)
workbook_disk_full_test(ch07)
