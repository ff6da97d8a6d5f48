# Chapter 6: learned vs sinusoidal positions beyond the training length.
#
# Quick configuration for the tests: 300 Adam steps and 2 seeds per encoding,
# 100 test sequences per length. The full run (2000 steps, 5 seeds, 1000
# sequences) is ./workbook's. Even at 300 steps every positional model solves
# the task at the training length (100%), the learned rows beyond it are
# untouched (bit for bit), sinusoidal beyond L lands at ~25-35% and NoPE at
# the position-blind bound, so each verdict is as decisive as in the full run.
set(ch06_quick --steps 300 --seeds 2 --eval-seqs 100)
workbook_claim_tests(ch06 CLAIMS 6.1 6.2 6.3 6.4 6.5 6.6 ARGS ${ch06_quick})
workbook_figure_tests(ch06 ARGS ${ch06_quick})

# Determinism: the same seed gives the same numbers, on one thread or two.
# Compares accuracy.dat, loss.dat and claims.tsv byte for byte.
add_test(NAME ch06.determinism
         COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch06> -DOUT=${WORKBOOK_TEST_OUT}/ch06/determinism
                 "-DARGS=--claim;6.3;--quiet;--steps;150;--seeds;2;--eval-seqs;50"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/ch06_determinism.cmake)
set_tests_properties(ch06.determinism PROPERTIES LABELS "unit;ch06")

# Bad input: every option of ch06.
workbook_badinput_test(ch06.badinput.steps_zero ch06 ARGS --steps 0 EXPECT "--steps '0'")
workbook_badinput_test(ch06.badinput.steps_garbage ch06 ARGS --steps 20x EXPECT "--steps '20x'")
workbook_badinput_test(ch06.badinput.seeds_zero ch06 ARGS --seeds 0 EXPECT "--seeds '0'")
workbook_badinput_test(ch06.badinput.seeds_too_many ch06 ARGS --seeds 51 EXPECT "--seeds '51'")
workbook_badinput_test(ch06.badinput.threads_zero ch06 ARGS --threads 0 EXPECT "--threads '0'")
workbook_badinput_test(ch06.badinput.threads_negative ch06 ARGS --threads -2 EXPECT "--threads '-2'")
workbook_badinput_test(ch06.badinput.train_len_one ch06 ARGS --train-len 1 EXPECT "--train-len '1'")
workbook_badinput_test(ch06.badinput.eval_factor_one ch06 ARGS --eval-factor 1 EXPECT "--eval-factor '1'")
workbook_badinput_test(ch06.badinput.eval_too_long ch06 ARGS --train-len 512 --eval-factor 4
                       EXPECT "--eval-factor '4': expected eval-factor x train-len <= 1024")
workbook_badinput_test(ch06.badinput.batch_memory ch06 ARGS --batch 1024 --train-len 512 --eval-factor 2
                       EXPECT "--batch '1024': expected batch x train-len <= 65536")
workbook_badinput_test(ch06.badinput.eval_seqs_zero ch06 ARGS --eval-seqs 0 EXPECT "--eval-seqs '0'")
workbook_badinput_test(ch06.badinput.batch_zero ch06 ARGS --batch 0 EXPECT "--batch '0'")
workbook_badinput_test(ch06.badinput.vocab_one ch06 ARGS --vocab 1 EXPECT "--vocab '1'")
workbook_badinput_test(ch06.badinput.d_odd ch06 ARGS --d 31 EXPECT "--d '31': expected an even integer")
workbook_badinput_test(ch06.badinput.lr_zero ch06 ARGS --lr 0 EXPECT "--lr '0'")
workbook_badinput_test(ch06.badinput.lr_nan ch06 ARGS --lr nan EXPECT "--lr 'nan'")
workbook_badinput_test(ch06.badinput.lr_text ch06 ARGS --lr fast EXPECT "--lr 'fast'")
workbook_badinput_test(ch06.badinput.claim_unknown ch06 ARGS --claim 6.7 EXPECT "--claim '6.7': expected one of 6.1")

add_test(NAME ch06.help COMMAND ch06 --help)
set_tests_properties(ch06.help PROPERTIES LABELS "ch06" PASS_REGULAR_EXPRESSION "usage: ch06.*--eval-factor")
