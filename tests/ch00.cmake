# Chapter 0: word vectors trained on the GCIDE dictionary.
#
# The data run is the chapter's course configuration (d = 100, window 5, 5
# negatives, 3 epochs on the ~4.7 million words of GCIDE) with one seed
# (--seeds 1): about 30-60 s on 2 cores, and instant on a rerun (the vectors
# are cached in test-output/ch00/cache, keyed by a hash of the code they come
# from, the corpus checksum, the settings and the seed) or after a ./workbook
# run (whose cached vectors ch00.cache_from_workbook copies there). Every
# claim's test reads its row. One seed suffices for the quick tier: claims
# 0.1-0.3, 0.5 and 0.6 use the first seed only, and claim 0.4's verdict
# (the analogy set above its baselines) is judged at each seed alike. Claim
# 0.4 over all five seeds, as ./workbook runs it, is the full tier's
# (ch00.seeds below: four more seeds, about two minutes from an empty cache).
# It needs Debian's dict-gcide (without it the run stops with status 2 and
# the claim tests fail, naming the package).
# The tiny corpus written for the tests (tests/data/ch00_tiny.txt, ~2500
# words of template sentences): small enough for valgrind and the ASan suite.
# ch00_tiny trains one seed (--seeds 1: one cache file a run, as the cache
# tests count them); ch00_tiny_corpus leaves claim 0.4's five.
set(ch00_tiny_corpus --corpus ${CMAKE_CURRENT_SOURCE_DIR}/data/ch00_tiny.txt --dim 16 --min-count 1 --svd-vocab 30)
set(ch00_tiny ${ch00_tiny_corpus} --seeds 1)
string(REPLACE ";" " " ch00_tiny_text "${ch00_tiny}")   # for sh -c

if(WORKBOOK_SANITIZE)
  # Under the sanitizers (a Debug build, several times slower) the full training
  # would take many minutes: the whole chapter runs on the tiny corpus instead,
  # whose verdicts are not the course's and which lacks some of the figures'
  # word pairs (the claims and figures are the development suite's).
  add_test(NAME ch00.data
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch00>
                   "-DARGS=--quiet;--out;${WORKBOOK_TEST_OUT}/ch00/data;${ch00_tiny_corpus}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/run_chapter_data.cmake)
  set_tests_properties(ch00.data PROPERTIES LABELS "ch00")
else()
  workbook_figure_tests(ch00 ARGS --seeds 1)
  workbook_claim_tests(ch00 FROM_DATA)
  # Claim 0.4 at the course's five seeds (the full tier; `ctest --preset
  # claims` runs it too): the same cache, so only seeds 2-5 train.
  set(seeds_tsv ${WORKBOOK_TEST_OUT}/ch00/seeds/claims.tsv)
  add_test(NAME ch00.seeds
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch00>
                   "-DARGS=--quiet;--claim;0.4;--out;${WORKBOOK_TEST_OUT}/ch00/seeds"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/run_chapter_data.cmake)
  set_tests_properties(ch00.seeds PROPERTIES FIXTURES_SETUP ch00_seeds FIXTURES_REQUIRED ch00_data LABELS "ch00")
  add_test(NAME ch00.seeds.claim.0.4
           COMMAND ${CMAKE_COMMAND} -DTSV=${seeds_tsv} -DID=0.4 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_claim_row.cmake)
  set_tests_properties(ch00.seeds.claim.0.4 PROPERTIES FIXTURES_REQUIRED ch00_seeds LABELS "claim;ch00")
  list(APPEND WORKBOOK_FULL_TESTS ch00.seeds ch00.seeds.claim.0.4)
  # The last ./workbook run's vectors, when it trained them, seed the test's
  # cache: the release and development builds train the same bits (the files
  # differ only in the recorded timings), and the key covers the code (a hash
  # of its sources, the compiler and its flags, the same in both builds:
  # CMakeLists.txt's workbook_source_key), the corpus, the settings and the
  # seed, so vectors another code or another compiler trained are never read. A clean checkout has none and trains (training is
  # also checked by ch00.determinism, ch00.cache and the gradient tests).
  add_test(NAME ch00.cache_from_workbook
           COMMAND ${CMAKE_COMMAND} -DFROM=${WORKBOOK_OUTPUT_DIR}/cache -DTO=${WORKBOOK_TEST_OUT}/ch00/cache
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/ch00_seed_cache.cmake)
  set_tests_properties(ch00.cache_from_workbook PROPERTIES FIXTURES_SETUP ch00_cache LABELS "ch00")
  set_tests_properties(ch00.data PROPERTIES FIXTURES_REQUIRED ch00_cache)
  # The figure ch00_pca's word labels, as the chapter placed them in pca.dat:
  # none overlaps another or a point, all inside their panels, one scale on
  # both axes (tests/ch00_pca_labels.sh); and the check fails on a copy whose
  # queen label is moved onto king's.
  set(pca_dat ${WORKBOOK_TEST_OUT}/ch00/data/pca.dat)
  add_test(NAME ch00.figure.pca_labels COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/ch00_pca_labels.sh ${pca_dat})
  add_test(NAME ch00.figure.pca_labels_catch
           COMMAND sh -c "awk '/^#/ { for (i = 2; i <= NF; i++) c[$i] = i - 1 } !/^#/ && NF && $c[\"word_a\"] == \"king\" { $c[\"lx_b\"] = $c[\"lx_a\"]; $c[\"ly_b\"] = $c[\"ly_a\"] } { print }' '${pca_dat}' > '${pca_dat}.moved' && '${CMAKE_CURRENT_SOURCE_DIR}/ch00_pca_labels.sh' '${pca_dat}.moved' > '${pca_dat}.moved.txt'; s=$?; cat '${pca_dat}.moved.txt'; test $s -eq 1 && grep -q '\"king\" and \"queen\" overlap' '${pca_dat}.moved.txt'")
  set_tests_properties(ch00.figure.pca_labels ch00.figure.pca_labels_catch PROPERTIES
                       FIXTURES_REQUIRED ch00_data LABELS "figure;ch00")
endif()

# ch00_pca on the tiny corpus, which has gender pairs but no capital: the
# gender panel is drawn, the capital panel says it has fewer than two pairs,
# and the gender labels pass the same check.
if(GNUPLOT_EXECUTABLE)
  set(pca_tiny ${WORKBOOK_TEST_OUT}/ch00/pca-tiny)
  add_test(NAME ch00.figure.pca_tiny
           COMMAND ${CMAKE_COMMAND} -DCHAPTER=$<TARGET_FILE:ch00> "-DCHAPTER_ARGS=${ch00_tiny_text}"
                   -DDRIVER=$<TARGET_FILE:workbook_run> -DSCRIPT=${CMAKE_SOURCE_DIR}/plots/ch00_pca.gp -DOUT=${pca_tiny}
                   "-DEXPECT=gender, man → woman \\([0-9]+ pairs\\).*fewer than two capital–country pairs"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_figure_follows_data.cmake)
  add_test(NAME ch00.figure.pca_tiny_labels COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/ch00_pca_labels.sh ${pca_tiny}/data/pca.dat)
  set_tests_properties(ch00.figure.pca_tiny PROPERTIES FIXTURES_SETUP ch00_pca_tiny LABELS "figure;ch00")
  set_tests_properties(ch00.figure.pca_tiny_labels PROPERTIES FIXTURES_REQUIRED ch00_pca_tiny LABELS "figure;ch00")
endif()

# Words follow numbers (tests/ch00_words.cmake): every claim's lesson as printed,
# its finding and its narrative, checked against the numbers it recorded, at
# the course's settings (read from the data run's cache: its --quiet run
# prints no lessons), on the tiny corpus with two seeds (other verdicts and
# cases), and on copies of it without queen and woman and without any of the
# workbook's words (the no_words sections). The exercises run at the course's
# settings or ask questions (no claims). Not under the sanitizers, whose data
# run is the tiny corpus.
if(NOT WORKBOOK_SANITIZE)
  set(words_out ${WORKBOOK_TEST_OUT}/ch00/words)
  # (one seed in the quick tier, as the data run; the five seeds in the full tier)
  add_test(NAME ch00.words.course
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch00> -DOUT=${words_out}/course
                   -DCACHE=${WORKBOOK_TEST_OUT}/ch00/cache "-DARGS=--seeds,1" -P ${CMAKE_CURRENT_SOURCE_DIR}/ch00_words.cmake)
  set_tests_properties(ch00.words.course PROPERTIES FIXTURES_REQUIRED ch00_data LABELS "claim;ch00")
  add_test(NAME ch00.words.seeds
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch00> -DOUT=${words_out}/seeds
                   -DCACHE=${WORKBOOK_TEST_OUT}/ch00/cache -P ${CMAKE_CURRENT_SOURCE_DIR}/ch00_words.cmake)
  set_tests_properties(ch00.words.seeds PROPERTIES FIXTURES_REQUIRED ch00_seeds LABELS "claim;ch00")
  list(APPEND WORKBOOK_FULL_TESTS ch00.words.seeds)
  string(REPLACE ";" "," tiny_key "${ch00_tiny_corpus}")
  add_test(NAME ch00.words.tiny
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch00> -DOUT=${words_out}/tiny -DCACHE=${words_out}/cache
                   "-DARGS=${tiny_key},--seeds,2" -P ${CMAKE_CURRENT_SOURCE_DIR}/ch00_words.cmake)
  foreach(make IN ITEMS missing shifted)
    add_test(NAME ch00.words.${make}
             COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch00> -DOUT=${words_out}/${make} -DCACHE=${words_out}/cache
                     -DTINY=${CMAKE_CURRENT_SOURCE_DIR}/data/ch00_tiny.txt -DMAKE=${make}
                     "-DARGS=--dim,16,--min-count,1,--svd-vocab,30,--seeds,2" -P ${CMAKE_CURRENT_SOURCE_DIR}/ch00_words.cmake)
  endforeach()
  set_tests_properties(ch00.words.tiny ch00.words.missing ch00.words.shifted PROPERTIES LABELS "unit;ch00")
endif()

# Determinism: the same seed gives byte-identical vectors on one thread or two.
add_test(NAME ch00.determinism
         COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch00> -DOUT=${WORKBOOK_TEST_OUT}/ch00/determinism
                 "-DARGS=--quiet;${ch00_tiny}" -P ${CMAKE_CURRENT_SOURCE_DIR}/ch00_determinism.cmake)
set_tests_properties(ch00.determinism PROPERTIES LABELS "unit;ch00")

# The cache: a second run with the same settings reads the vectors instead of
# training ("vectors from the cache", printed with --verbose).
add_test(NAME ch00.cache
         COMMAND sh -c "'$<TARGET_FILE:ch00>' --out '${WORKBOOK_TEST_OUT}/ch00/cache-test/a' ${ch00_tiny_text} --claim 0.2 >/dev/null; '$<TARGET_FILE:ch00>' --out '${WORKBOOK_TEST_OUT}/ch00/cache-test/b' ${ch00_tiny_text} --claim 0.2 --verbose | grep -q 'vectors from the cache'")
set_tests_properties(ch00.cache PROPERTIES LABELS "unit;ch00")

# The student's questions on the tiny corpus: --neighbours WORD... and
# --analogy A B C print their answers (a column per question, ranked rows),
# exit 0 and write nothing in --out (the folder is not created); --top sets
# the rows. The second run of each reads the first one's cached vectors
# ("read from the cache", no training line).
set(q ${WORKBOOK_TEST_OUT}/ch00/questions)
add_test(NAME ch00.neighbours
         COMMAND sh -c "rm -rf '${q}' && mkdir -p '${q}' && '$<TARGET_FILE:ch00>' --out '${q}/n' --cache '${q}/cache' ${ch00_tiny_text} --neighbours king Bank --top 3 > '${q}/n.txt' && grep -q '^  rank  king  *bank' '${q}/n.txt' && test $(grep -c '^  *[0-9]  ' '${q}/n.txt') -eq 3 && ! grep -q '^  *4  ' '${q}/n.txt' && test ! -e '${q}/n'")
set_tests_properties(ch00.neighbours PROPERTIES LABELS "unit;ch00" FIXTURES_SETUP ch00_questions)
add_test(NAME ch00.analogy
         COMMAND sh -c "'$<TARGET_FILE:ch00>' --out '${q}/a' --cache '${q}/cache' ${ch00_tiny_text} --analogy king man woman > '${q}/a.txt' && grep -q 'read from the cache' '${q}/a.txt' && ! grep -q '^SGNS' '${q}/a.txt' && grep -q '^  rank  king - man + woman  *king alone' '${q}/a.txt' && test $(grep -c '^  *[0-9][0-9]*  ' '${q}/a.txt') -eq 10 && test ! -e '${q}/a'")
set_tests_properties(ch00.analogy PROPERTIES LABELS "unit;ch00" FIXTURES_REQUIRED ch00_questions)
# A question's word not in the vocabulary: one line naming it, exit 2, nothing
# written (and nothing trained: the vocabulary is checked first).
foreach(case IN ITEMS "neighbours|--neighbours;king;zebra|--neighbours 'zebra': not in the vocabulary"
                      "analogy|--analogy;king;man;zebra|--analogy 'zebra': not in the vocabulary"
                      "word_with_space|--neighbours;new york|--neighbours 'new york': expected 1 to 16 words \\(no space within a word\\)")
  string(REPLACE "|" ";" cells "${case}")
  list(POP_FRONT cells name)
  list(POP_BACK cells expect)
  workbook_badinput_test(ch00.badinput.question_${name} ch00 ARGS ${ch00_tiny} ${cells} EXPECT "${expect}")
endforeach()

# Under valgrind: every claim on the tiny corpus, 1 epoch, d = 8 (the same code
# paths as the full run; the verdicts are the claim tests' business).
workbook_memcheck_test(ch00 ARGS --corpus ${CMAKE_CURRENT_SOURCE_DIR}/data/ch00_tiny.txt --dim 8 --epochs 1
                       --min-count 1 --svd-vocab 20 --retrain --cache ${WORKBOOK_TEST_OUT}/ch00.memcheck-cache)
workbook_disk_full_test(ch00 ARGS ${ch00_tiny} --retrain)

# Bad corpus files (the option rows are in tests/bad_inputs.txt): exit 2, one
# line, no output folder. The .dz files are gzip of the tiny corpus, cut off
# after 600 bytes and with 60 bytes flipped: nothing of GCIDE's text.
set(d ${CMAKE_CURRENT_SOURCE_DIR}/data)
foreach(case IN ITEMS "truncated_dictzip|--gcide;${d}/ch00_truncated.dz|truncated or corrupt gzip data"
                      "corrupt_dictzip|--gcide;${d}/ch00_corrupt.dz|truncated or corrupt gzip data"
                      "not_gzip|--gcide;${d}/ch00_tiny.txt|not a gzip \\(dictzip\\) file"
                      "not_utf8|--corpus;${d}/ch00_not_utf8.txt|not UTF-8 text \\(invalid byte at offset 9\\)"
                      "empty_corpus|--corpus;${d}/ch00_empty.txt|too few words for the settings"
                      "too_few_words|--corpus;${d}/ch00_tiny.txt;--min-count;100000|too few words for the settings"
                      "corpus_is_folder|--corpus;${d}|--corpus '.*': cannot read"
                      "memory_bound|--min-count;1;--dim;400|--gcide '.*': more than [0-9]+ distinct words seen at least --min-count 1 times .*: their vectors at --dim 400 would need more than 2048 MB, the memory bound")
  string(REPLACE "|" ";" cells "${case}")
  list(POP_FRONT cells name)
  list(POP_BACK cells expect)
  workbook_badinput_test(ch00.badinput.${name} ch00 ARGS ${cells} EXPECT "${expect}")
endforeach()
# A corpus over the 512 MiB bound: a sparse file, refused before it is read.
add_test(NAME ch00.badinput.corpus_too_large
         COMMAND sh -c "f='${WORKBOOK_TEST_OUT}/ch00/huge.txt'; mkdir -p '${WORKBOOK_TEST_OUT}/ch00' && truncate -s 600M \"$f\" && '$<TARGET_FILE:ch00>' --corpus \"$f\" --out '${WORKBOOK_TEST_OUT}/ch00/huge' 2>&1 | grep -q 'larger than the bound of 512 MiB'; s=$?; rm -f \"$f\"; test $s -eq 0 && test ! -e '${WORKBOOK_TEST_OUT}/ch00/huge'")
set_tests_properties(ch00.badinput.corpus_too_large PROPERTIES LABELS "badinput;ch00")
