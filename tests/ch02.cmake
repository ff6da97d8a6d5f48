# Chapter 2: raw integer positions swamp meaning.
workbook_claim_tests(ch02 CLAIMS 2.1 2.2 2.3 2.4)
workbook_figure_tests(ch02)

# Bad inputs for ch02's own options: rows of tests/bad_inputs.txt.
workbook_reproducible_test(ch02)
workbook_memcheck_test(ch02 ARGS --vocab 50 --max-position 2000)
workbook_disk_full_test(ch02)
