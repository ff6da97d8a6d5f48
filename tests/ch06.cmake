# Chapter 6: learned vs sinusoidal positions beyond the training length.
#
# Quick configuration for the tests: 300 Adam steps and 2 seeds per encoding,
# 100 test sequences per length. The full run (2000 steps, 5 seeds, 1000
# sequences) is ./workbook's. Even at 300 steps every positional model solves
# the task at the training length (100%), the learned rows beyond it are
# untouched (bit for bit), sinusoidal beyond L lands at ~25-35% and NoPE at
# the position-blind bound, so each verdict is as decisive as in the full run.
set(ch06_quick --steps 300 --seeds 2 --eval-seqs 100)
# One quick run trains every model once; each claim's test reads its row.
workbook_figure_tests(ch06 ARGS ${ch06_quick})
workbook_claim_tests(ch06 CLAIMS 6.1 6.2 6.3 6.4 6.5 6.6 FROM_DATA)

# Determinism: the same seed gives the same numbers, on one thread or two.
# Compares accuracy.dat, loss.dat and claims.tsv byte for byte.
add_test(NAME ch06.determinism
         COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch06> -DOUT=${WORKBOOK_TEST_OUT}/ch06/determinism
                 "-DARGS=--claim;6.3;--quiet;--steps;150;--seeds;2;--eval-seqs;50"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/ch06_determinism.cmake)
set_tests_properties(ch06.determinism PROPERTIES LABELS "unit;ch06")

# Bad inputs for ch06's own options: rows of tests/bad_inputs.txt.
# Under valgrind: every claim on a tiny model (4 sequences of 8 tokens, d = 8,
# 5 steps): the same code paths, none of the verdicts (those are above).
workbook_memcheck_test(ch06 ARGS --steps 5 --seeds 1 --eval-seqs 5 --batch 4 --train-len 8 --d 8 --vocab 4)
workbook_disk_full_test(ch06 ARGS --steps 20 --seeds 1 --eval-seqs 10)
