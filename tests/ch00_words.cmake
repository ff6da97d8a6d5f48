# ch00_words.cmake -DPROGRAM=ch00 -DOUT=DIR "-DARGS=--corpus;FILE;..." [-DCACHE=DIR]
#                  [-DTINY=FILE -DMAKE=missing|shifted]:
# chapter 0's words follow its numbers, read as tests/ch06_words.cmake reads
# chapter 6's (the same awk): every claim's lesson as printed, its finding
# (claims.tsv) and its narrative (narratives.tsv), against the numbers it
# recorded (values.tsv), its verdict and its lesson case. A rule names a
# phrase (an awk regular expression, matched in lower case) and what the
# numbers must be wherever the phrase appears; rules with ALWAYS tie the
# verdict and the case to the numbers with the chapter's thresholds
# (chapters/ch00_word_vectors.c):
#   0.1  |Spearman(id gap, cosine)| < 0.1 and the cosine's AUC >= 0.9; "near
#        chance" = within 2 standard errors (auc_id_repaired_se) of 0.5
#   0.3  AUC >= 0.9 and cos(apple, banana) above the random pairs' 95th percentile
#   0.4  the set: the offsets above random vectors by more than 10 standard
#        errors (z_random) and above c's nearest word by more than 2 at every
#        seed, and SGNS ahead of PPMI+SVD (explicit co-occurrence counts) by
#        at least SGNS's range over seeds: "not just co-occurrence" (holds);
#        the offsets ahead at some seed but not both (partly holds);
#        king - man + woman decides nothing; "within the seed spread" =
#        |SGNS - PPMI+SVD| below SGNS's range over seeds
#   0.5  at least 2 words, all but at most one near both senses
#   0.6  "adds nothing" = attention's mean margin at most 0.02 above the average's
# Any phrase that contradicts the numbers fails, and so does a lesson with no
# words for its verdict or a run that does not exit 0.
#
# Rule: "ID|REGEX|CONDITION"; $name is the number the claim recorded under that
# name, 'verdict' and 'lcase' its verdict and lesson case (awk has no abs():
# |x| is written (x < 0 ? -x : x)).
set(rules
  # 0.1: ids are frequency ranks
  "0.1|ALWAYS|lcase == \"no_words\" || (verdict == \"holds\") == (($rho < 0 ? -$rho : $rho) < 0.1 && $auc_cos >= 0.9)"
  "0.1|ALWAYS|lcase == \"no_words\" || (lcase == \"words_not_relation\") == (($auc_id_repaired < 0.5 ? 0.5 - $auc_id_repaired : $auc_id_repaired - 0.5) <= 2 * $auc_id_repaired_se && $auc_cos_repaired >= 0.9)"
  "0.1|within two standard errors of chance|($auc_id_repaired < 0.5 ? 0.5 - $auc_id_repaired : $auc_id_repaired - 0.5) <= 2 * $auc_id_repaired_se"
  "0.1|goes with the words|lcase == \"words_not_relation\" && ($auc_id_repaired < 0.5 ? 0.5 - $auc_id_repaired : $auc_id_repaired - 0.5) <= 2 * $auc_id_repaired_se"
  "0.1|not apart here|verdict == \"does not hold\""
  "0.1|does not track similarity|($rho < 0 ? -$rho : $rho) < 0.1"
  "0.1|follows similarity somewhat here|($rho < 0 ? -$rho : $rho) >= 0.1"
  "0.1|ALWAYS|lcase == \"no_words\" || ($narrow_band == 1) == ($related_q3 - $related_q1 < $random_q3 - $random_q1)"
  "0.1|a wider band|$related_q3 - $related_q1 < $random_q3 - $random_q1"
  "0.1|ALWAYS|lcase == \"no_words\" || ($related_q1 <= $related_median && $related_median <= $related_q3 && $random_q1 <= $random_median && $random_median <= $random_q3)"
  # 0.2: the lookup is the row, only the rows used move
  "0.2|ALWAYS|verdict != \"holds\" || ($max_diff == 0 && $rows_changed == $centres)"
  "0.2|equals its row|$max_diff == 0"
  "0.2|stayed bit-identical|$rows_untouched == $V - $rows_changed"
  "0.2|equals the row exactly|$max_diff == 0"
  "0.2|all of them the [0-9]+ centre words|$rows_changed == $centres && $changed_in_used == $rows_changed && $changed_out == $changed_out_used"
  # 0.3: related words are near
  "0.3|ALWAYS|lcase == \"no_words\" || (verdict == \"holds\") == ($auc >= 0.9 && $cos_apple_banana > $random_p95)"
  "0.3|= [0-9.]+, above 95% of random pairs|$cos_apple_banana > $random_p95"
  # 0.4: king - man + woman, the set against c's nearest word, the seeds
  "0.4|ALWAYS|(verdict == \"holds\") == ($questions > 0 && $z_random > 10 && $seeds_ahead == $seeds && $seeds >= 2 && $questions_both > 0 && $sgns_both - $ppmi_both >= ($sgns_both_max - $sgns_both_min))"
  "0.4|ALWAYS|(verdict == \"partly holds\") == ($questions > 0 && $z_random > 10 && $seeds_ahead > 0 && verdict != \"holds\")"
  "0.4|ALWAYS|verdict != \"holds\" || $acc > $nearest"
  "0.4|ALWAYS|lcase == \"no_words\" || (lcase == \"no_questions\") == ($questions == 0)"
  "0.4|ALWAYS|lcase ~ /^no_/ || (lcase == \"one_seed\") == ($seeds < 2)"
  "0.4|ALWAYS|lcase ~ /^no_(words|questions)$/ || $seeds < 2 || (lcase == \"some_seeds\") == ($seeds_ahead < $seeds)"
  "0.4|ALWAYS|lcase != \"ties\" || ($sgns_both < $ppmi_both ? $ppmi_both - $sgns_both : $sgns_both - $ppmi_both) < ($sgns_both_max - $sgns_both_min)"
  "0.4|ALWAYS|lcase != \"sgns_ahead\" || $sgns_both - $ppmi_both >= ($sgns_both_max - $sgns_both_min)"
  "0.4|ALWAYS|lcase != \"ppmi_ahead\" || $ppmi_both - $sgns_both >= ($sgns_both_max - $sgns_both_min)"
  "0.4|ALWAYS|lcase != \"no_ppmi\" || $questions_both == 0"
  "0.4|ALWAYS|lcase == \"no_words\" || ($queen_first <= $seeds && $queen_best >= 1 && $queen_best <= $queen_worst && ($queen_first > 0) == ($queen_best == 1))"
  "0.4|a structure, yes|$seeds_ahead == $seeds && $z_random > 10"
  "0.4|answers as well as sgns|($sgns_both < $ppmi_both ? $ppmi_both - $sgns_both : $sgns_both - $ppmi_both) < ($sgns_both_max - $sgns_both_min)"
  "0.4|answers more than sgns|$ppmi_both - $sgns_both >= ($sgns_both_max - $sgns_both_min)"
  "0.4|leads ppmi\\+svd|$sgns_both - $ppmi_both >= ($sgns_both_max - $sgns_both_min)"
  "0.4|puts queen at rank 1[^0-9]|$rank_queen == 1"
  "0.4|queen first at [0-9]+ of [0-9]+ seeds \\(sgns ranks 1(, 1)*[^,0-9]|$queen_first == $seeds"
  "0.4|lead it by over two standard errors at only|$seeds_ahead < $seeds && verdict != \"holds\""
  "0.4|the set's test fails|verdict == \"does not hold\""
  "0.4|none of the set's questions can be asked|$questions == 0"
  "0.4|the set carries the claim|verdict == \"holds\""
  "0.4|within the seed spread|($sgns_both < $ppmi_both ? $ppmi_both - $sgns_both : $sgns_both - $ppmi_both) < ($sgns_both_max - $sgns_both_min)"
  "0.4|beyond the seed spread|($sgns_both < $ppmi_both ? $ppmi_both - $sgns_both : $sgns_both - $ppmi_both) >= ($sgns_both_max - $sgns_both_min)"
  "0.4|cannot be asked|lcase == \"no_words\""
  "0.4|a word of king − man \\+ woman is missing|lcase == \"no_words\""
  # 0.5: one vector near both senses
  "0.5|ALWAYS|lcase == \"no_words\" || (verdict == \"holds\") == ($present > 0 && $mixed + 1 >= $present && $mixed >= 2)"
  "0.5|one vector sits near both senses|verdict == \"holds\""
  # 0.6: attention against the plain average
  "0.6|ALWAYS|lcase == \"no_words\" || (verdict == \"holds\") == ($words >= 2 && $pairs_attention == $words)"
  "0.6|ALWAYS|lcase == \"no_words\" || (lcase == \"average_as_good\") == ($margin_attention <= $margin_average + 0.02 && $pairs_average >= $pairs_attention)"
  "0.6|ALWAYS|lcase == \"no_words\" || (lcase == \"attention_ahead\") == ($margin_attention > $margin_average + 0.02 && $pairs_attention >= $pairs_average)"
  "0.6|adds nothing|$margin_attention <= $margin_average + 0.02"
  "0.6|as the plain average's do|$pairs_average >= $pairs_attention"
  "0.6|beats the plain average's|$margin_attention > $margin_average + 0.02"
  "0.6|all [0-9]+ words' context vectors lean|$pairs_attention == $words"
  "0.6|toward the word's own static vector|$self_weight > $uniform_weight"
)

# ---- the run ------------------------------------------------------------------
string(REPLACE "," ";" ARGS "${ARGS}")   # ARGS may come comma-separated
# -DTINY=FILE -DMAKE=missing|shifted: train on a copy of the tiny corpus without queen and woman
# (queen -> lady, woman -> girl), or with every letter shifted by one (none of the workbook's words).
if(MAKE)
  file(MAKE_DIRECTORY ${OUT})
  if(MAKE STREQUAL "missing")
    execute_process(COMMAND sed "s/queen/lady/g; s/woman/girl/g" ${TINY} OUTPUT_FILE ${OUT}/corpus.txt RESULT_VARIABLE made)
  else()
    execute_process(COMMAND tr a-z b-za INPUT_FILE ${TINY} OUTPUT_FILE ${OUT}/corpus.txt RESULT_VARIABLE made)
  endif()
  if(NOT made EQUAL 0)
    message(FATAL_ERROR "could not write ${OUT}/corpus.txt")
  endif()
  list(PREPEND ARGS --corpus ${OUT}/corpus.txt)
endif()

# The evidence is the lesson's too (its "### evidence" sections): printed with
# --evidence, its words are checked against the numbers as the verdicts' are.
list(APPEND ARGS --evidence)

# ---- the run and the check: the engine both chapters share ----------------------
set(CHAPTER ch00)
include(${CMAKE_CURRENT_LIST_DIR}/words_follow_numbers.cmake)
