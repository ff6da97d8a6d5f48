# Chapter 6: length generalisation, six position encodings beyond the
# training length (none, learned, sinusoidal, RoPE, ALiBi with one slope,
# ALiBi with left/right slopes; claims 6.8-6.10 were 7.7-7.9).
#
# Quick configuration for the tests: 600 Adam steps and 2 seeds per encoding,
# 100 test sequences per length (12 models). The full run (2000 steps, 5
# seeds, 1000 sequences) is ./workbook's. At 600 steps the learned and the
# sinusoidal model solve the task at the training length (100%), the learned
# rows beyond it are untouched (bit for bit), sinusoidal beyond L lands at
# 29% and NoPE at the position-blind bound; RoPE is at 97% at the training
# length and 69% beyond it; one-slope ALiBi stays under the mirror bound at
# every position (the bound averages 54.6% over a sequence of length 32,
# 53.6% over t = 32..127 at length 128); left/right ALiBi is at 99.2% at every
# length up to 128: each verdict as in the full run. (At 300 steps left/right
# ALiBi is at 96.2%, too close to the 95% line.)
# One quick run trains every model once; each claim's test reads its row.
# Under ASan it would take about 40 s: the sanitizer suite runs the same code
# paths with 30 steps per model.
workbook_trained_data_tests(ch06 QUICK --steps 600 --seeds 2 --eval-seqs 100
                            SANITIZER --steps 30 --seeds 2 --eval-seqs 20)

# Determinism: the same seed gives the same numbers, on one thread or two.
# Compares accuracy.dat, loss.dat and claims.tsv byte for byte.
add_test(NAME ch06.determinism
         COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch06> -DOUT=${WORKBOOK_TEST_OUT}/ch06/determinism
                 "-DARGS=--claim;6.7;--quiet;--steps;150;--seeds;2;--eval-seqs;50;--retrain"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/ch06_determinism.cmake)
set_tests_properties(ch06.determinism PROPERTIES LABELS "unit;ch06")

# Bad inputs for ch06's own options: rows of tests/bad_inputs.txt.
# Under valgrind: every claim on a tiny model (4 sequences of 8 tokens, d = 8,
# 5 steps): the same code paths, none of the verdicts (those are above).
workbook_memcheck_test(ch06 ARGS --steps 5 --seeds 1 --eval-seqs 5 --batch 4 --train-len 8 --d 8 --vocab 4 --retrain)
workbook_disk_full_test(ch06 ARGS --steps 20 --seeds 1 --eval-seqs 10)

# Extreme shapes run to the end without a memory error (ASan in the sanitizer
# suite, valgrind below); the verdicts of such tiny runs do not matter, so exit
# status 0 or 1 passes. A large vocabulary with short sequences makes the
# model's (V+T)-row tables far wider than a sequence; a long test length (1024)
# makes the evaluation chunks small: 3 sequences a chunk there, so the shape
# test's 5 test sequences end in a shorter chunk of 2 (its valgrind twin, with
# 2 test sequences, stays in one chunk, to stay short).
foreach(shape IN ITEMS "wide;--vocab;64;--train-len;2;--batch;1;--d;2"
                       "long;--train-len;128;--eval-factor;8;--batch;1;--vocab;4;--d;4"
                       "tiny;--vocab;2;--train-len;2;--batch;1;--d;2")
  list(POP_FRONT shape name)
  set(args --steps 2 --seeds 1 --eval-seqs 2 --retrain ${shape})
  string(REPLACE ";" " " args_text "--steps 2 --seeds 1 --eval-seqs 5 --retrain ${shape}")
  add_test(NAME ch06.shape.${name}
           COMMAND sh -c "'$<TARGET_FILE:ch06>' --quiet --out '${WORKBOOK_TEST_OUT}/ch06/shape-${name}' ${args_text} >/dev/null; test $? -le 1")
  # (a sanitizer's report exits 99, not its default 1, which would pass)
  set_tests_properties(ch06.shape.${name} PROPERTIES LABELS "unit;ch06"
                       ENVIRONMENT "ASAN_OPTIONS=exitcode=99;UBSAN_OPTIONS=exitcode=99")
  workbook_memcheck_test(ch06 NAME ${name} ARGS ${args})
endforeach()

# Claim 6.6's finding words the learned model's accuracy beyond L_train
# against chance from the numbers ("measurably above" = more than 3 standard
# errors above 1/V, else "within sampling of"): the claim records which
# (measurably_above, the 0/1 its evidence's words follow); in the quick
# configuration it is 7.3% against 6.25% (5.9 standard errors), so it must be 1.
# (Not under the sanitizers, whose data run is too short for verdicts.)
if(NOT WORKBOOK_SANITIZE)
  add_test(NAME ch06.claim.6.6.above_chance
           COMMAND sh -c "grep -q '^6[.]6[[:space:]]measurably_above[[:space:]]1$' '${WORKBOOK_TEST_OUT}/ch06/data/values.tsv'")
  set_tests_properties(ch06.claim.6.6.above_chance PROPERTIES FIXTURES_REQUIRED ch06_data LABELS "claim;ch06")
endif()

# Words follow numbers (tests/ch06_words.cmake): every claim's lesson as
# printed with its evidence (--evidence), its finding and its narrative, checked against the numbers the
# claim recorded: a phrase such as "far above chance" or "only partly" where
# the numbers say otherwise fails (as exercise 6.b's settings once printed
# "Far above chance" for 9.5% against 6.25%), and so does a verdict or case
# that does not follow the numbers with the chapter's thresholds. Checked at
# the quick configuration above (its runs read back
# from the data run's cache) and at every exercise's settings with all
# claims (exercises/ch06.tsv, without --claim). Not under the sanitizers:
# their runs are too short for verdicts.
if(NOT WORKBOOK_SANITIZE)
  set(words_script ${CMAKE_CURRENT_SOURCE_DIR}/ch06_words.cmake)
  set(words_out ${WORKBOOK_TEST_OUT}/ch06/words)
  # (The course's own settings, 30 models and about 80 s of CPU, are left to
  # ./workbook's run, which fails on a lesson without words for its verdict:
  # the quick configuration gives every verdict the defaults give.)
  add_test(NAME ch06.words.quick
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch06> -DOUT=${words_out}/quick
                   -DCACHE=${WORKBOOK_TEST_OUT}/ch06/cache "-DARGS=--steps;600;--seeds;2;--eval-seqs;100;--evidence"
                   -P ${words_script})
  set_tests_properties(ch06.words.quick PROPERTIES FIXTURES_REQUIRED ch06_data LABELS "claim;ch06")
  # One test per distinct exercise setting (an exercise's --claim left out).
  file(READ ${CMAKE_SOURCE_DIR}/exercises/ch06.tsv exercise_text)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/exercises/ch06.tsv)
  string(REPLACE ";" "," exercise_text "${exercise_text}")
  string(REGEX MATCHALL "(^|\n)6\\.[a-z]+\t[^\t\n]*\t[^\t\n]*" exercise_rows "${exercise_text}")
  set(words_settings "")
  foreach(row IN LISTS exercise_rows)
    string(REGEX REPLACE "^\n?(6\\.[a-z]+)\t[^\t]*\t" "" options "${row}")
    string(REGEX REPLACE "^\n?(6\\.[a-z]+)\t.*" "\\1" exercise_id "${row}")
    string(REGEX REPLACE "--claim +[0-9.]+" "" options "${options}")
    string(STRIP "${options}" options)
    separate_arguments(args UNIX_COMMAND "${options}")
    string(REPLACE ";" "," args_key "${args}")   # (ch06_words.cmake reads commas as separators)
    set(args_key "${args_key},--evidence")   # (the evidence's words follow the numbers too)
    if(args_key IN_LIST words_settings)
      continue()
    endif()
    list(APPEND words_settings "${args_key}")
    add_test(NAME ch06.words.exercise.${exercise_id}
             COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch06> -DOUT=${words_out}/exercise-${exercise_id}
                     -DCACHE=${words_out}/cache "-DARGS=${args_key}" -P ${words_script})
    set_tests_properties(ch06.words.exercise.${exercise_id} PROPERTIES LABELS "claim;ch06")
  endforeach()
endif()

# The run cache (common/run/copy_experiment.h): a second run with the same settings
# reads every run back and writes the same files; --retrain trains again.
# (--evidence --verbose: what was read from the cache and what was trained are
# said in the evidence's --verbose details.)
add_test(NAME ch06.run_cache
         COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch06> -DOUT=${WORKBOOK_TEST_OUT}/ch06/run-cache
                 "-DARGS=--steps;20;--seeds;2;--eval-seqs;10;--evidence;--verbose" -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_run_cache.cmake)
set_tests_properties(ch06.run_cache PROPERTIES LABELS "unit;ch06")
