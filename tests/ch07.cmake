# Chapter 7: relative position done directly (RoPE, ALiBi, the causal mask,
# table layouts, and chapter 6's experiment with RoPE and ALiBi).
#
# Claims 7.1-7.6, 7.10 and 7.11 run in well under a second at their defaults. Claims 7.7-7.9
# train models; their tests use a quick configuration: 600 Adam steps and 2
# seeds per encoding, 100 test sequences per length (the full run, 2000 steps,
# 5 seeds, 1000 sequences, is ./workbook's). At 600 steps RoPE is at ~97% at
# the training length and well below it beyond; one-slope ALiBi stays under
# the mirror bound at every position and reaches it (the bound averages 54.6%
# over a sequence of length 32, 53.6% over t = 32..127 at length 128);
# left/right ALiBi is at ~99% at every position up to 128: each verdict as in
# the full run.
set(ch07_quick --steps 600 --seeds 2 --eval-seqs 100)
# One quick run of the whole chapter trains every model once: it feeds the
# figures and the tests of 7.7-7.9, which read its claims.tsv rows.
workbook_figure_tests(ch07 ARGS ${ch07_quick})
workbook_claim_tests(ch07 CLAIMS 7.1 7.2 7.3 7.4 7.5 7.6 7.10 7.11)
workbook_claim_tests(ch07 CLAIMS 7.7 7.8 7.9 FROM_DATA)
# Reproducibility and the full disk need no decisive verdicts: a short run.
set(ch07_short --steps 50 --seeds 1 --eval-seqs 20)

# Bad inputs for ch07's own options: rows of tests/bad_inputs.txt.
workbook_reproducible_test(ch07 ARGS ${ch07_short})
# Under valgrind: every claim, the training ones with 2 steps, 1 seed, 2 test sequences.
workbook_memcheck_test(ch07 ARGS --positions 16 --trials 5 --causal-length 64 --steps 2 --seeds 1 --eval-seqs 2)
workbook_disk_full_test(ch07 ARGS ${ch07_short})
