# Chapter 7: relative position done directly (RoPE, ALiBi, the causal mask,
# table layouts; RoPE and 貓吃了魚, RoPE's absolute half). Nothing is trained
# here any more: RoPE and ALiBi in a trained model are chapter 6's claims
# 6.8-6.10 (formerly 7.7-7.9), and 7.7, 7.8 were 7.10, 7.11.
#
# The whole chapter takes about a second of CPU time at its defaults.
workbook_figure_tests(ch07)
workbook_claim_tests(ch07)

# Bad inputs for ch07's own options: rows of tests/bad_inputs.txt.
workbook_reproducible_test(ch07)
# Under valgrind: every claim, on small maps.
workbook_memcheck_test(ch07 ARGS --positions 16 --trials 5 --causal-length 64)
workbook_disk_full_test(ch07)
