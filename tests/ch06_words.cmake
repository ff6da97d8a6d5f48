# ch06_words.cmake -DPROGRAM=ch06 -DOUT=DIR "-DARGS=--steps;100;..." [-DCACHE=DIR] (or --steps,100,...):
# chapter 6's words follow its numbers. Runs every claim with ARGS (the
# course's settings when empty) and, for each claim, reads what a student
# sees and what the evidence says: the lesson as printed (the claim's
# section of standard output), the finding (claims.tsv) and the narrative
# (narratives.tsv), together with the numbers the claim recorded
# (values.tsv), its verdict and its lesson case (claims.tsv). The rules
# below name a phrase (an awk regular expression, matched in lower case) and
# what the numbers must be wherever that phrase appears: "far above chance"
# needs an accuracy at least 10 points above chance, "only partly" needs the
# verdict "partly holds", and so on; rules with the phrase ALWAYS tie the
# verdict and the case to the numbers with the chapter's thresholds. Any
# phrase that contradicts the numbers fails the test, and so does a lesson
# with no words for the verdict it reached (the chapter's message on stderr)
# or a run that does not exit 0 (at the course's settings: a verdict other
# than the expected one).
#
# Thresholds as in chapters/ch06_extrapolation.c and common/run/copy_experiment.h:
# solved 95% ($solved where a claim records it), about the same within 2
# points ($band_points), far above chance 10 points ($far_points), the
# mirror bound's mean slack 2 points (CEILING_MARGIN), measurably above
# chance 3 standard errors.
#
# Rule: "ID|REGEX|CONDITION". CONDITION is an awk expression; $name is the
# number the claim recorded under that name (a name it did not record fails
# the rule), 'verdict' and 'lcase' are its verdict and lesson case.
set(rules
  # 6.1: without positions, at most the bag-of-tokens bound
  "6.1|ALWAYS|(verdict == \"holds\") == ($nope_L <= $bound_L + $margin_points / 100 && $nope_T <= $bound_T + $margin_points / 100 && $nope_L < 0.95 && $nope_T < 0.95)"
  "6.1|ALWAYS|(lcase == \"solved\") == ($nope_L >= 0.95 || $nope_T >= 0.95)"
  "6.1|at most [0-9]+ point above what the best guess|$nope_L <= $bound_L + $margin_points / 100 && $nope_T <= $bound_T + $margin_points / 100"
  "6.1|point above the best guess from the bag|$nope_L > $bound_L + $margin_points / 100 || $nope_T > $bound_T + $margin_points / 100"
  "6.1|solved without positions|$nope_L >= 0.95 || $nope_T >= 0.95"
  "6.1|: within it \\(|$nope_L <= $bound_L + $margin_points / 100 && $nope_T <= $bound_T + $margin_points / 100"
  "6.1|below the 95% that counts as solving|$nope_L < 0.95 && $nope_T < 0.95"
  "6.1|never the order|verdict == \"holds\""
  # 6.2: the lookup is a product, unused rows stay
  "6.2|ALWAYS|verdict != \"holds\" || ($lookup_diff == 0 && $unused_moved == 0 && $unused_nonzero == 0 && $used_moved == $used)"
  "6.2|product exactly|$lookup_diff == 0"
  # 6.3: parameter counts
  "6.3|ALWAYS|(verdict == \"holds\") == ($learned_params == $rows * $d && $sin_params == 0)"
  # 6.4: the erratum
  "6.4|ALWAYS|verdict != \"erratum\" || ($sin_params == 0 && $learned_moved == $L)"
  "6.4|holds only for learned tables|verdict == \"erratum\" && $sin_params == 0"
  "6.4|corrected: §七 holds for a learned table|verdict == \"erratum\""
  # 6.5: in range, about the same
  "6.5|ALWAYS|(verdict == \"holds\") == ($learned >= $solved && $sinusoidal >= $solved && $diff_points <= $band_points)"
  "6.5|ALWAYS|(lcase == \"unsolved\") == ($learned < $solved || $sinusoidal < $solved)"
  "6.5|%, within [0-9]+ points|$diff_points <= $band_points"
  "6.5|not both reach|$learned < $solved || $sinusoidal < $solved"
  "6.5|not both solve the task|$learned < $solved || $sinusoidal < $solved"
  "6.5|[^t] both solve the task|$learned >= $solved && $sinusoidal >= $solved"
  "6.5|both solve it|$learned >= $solved && $sinusoidal >= $solved"
  "6.5|about the same\\)|$diff_points <= $band_points"
  "6.5|but differ by|$diff_points > $band_points"
  "6.5|but apart|$diff_points > $band_points"
  # 6.6: the learned rows beyond L stay random; accuracy there below a blind model's
  "6.6|ALWAYS|(verdict == \"holds\") == ($frozen == $rows_beyond && $beyond < $blind)"
  "6.6|all [0-9]+ rows beyond l stayed random|$frozen == $rows_beyond"
  "6.6|only [0-9]+ of [0-9]+ rows|$frozen < $rows_beyond"
  "6.6|stayed random. there the model is right [0-9.]+%, below|$beyond < $blind"
  "6.6|not below the|$beyond >= $blind"
  "6.6|standard errors\\) and below the|$beyond < $blind"
  "6.6|and worse than|$beyond < $blind"
  "6.6|and no worse than|$beyond >= $blind"
  "6.6|measurably above chance|$z_chance > 3"
  "6.6|measurably below chance|$z_chance < -3"
  "6.6|within sampling of chance|$z_chance >= -3 && $z_chance <= 3"
  # 6.7: the sinusoid beyond L
  "6.7|ALWAYS|(verdict == \"holds\") == ($at_L >= $solved && $beyond >= $at_L - $band_points / 100)"
  "6.7|ALWAYS|(verdict == \"partly holds\") == ($at_L >= $solved && $beyond < $at_L - $band_points / 100 && $beyond >= $chance + $far_points / 100)"
  "6.7|ALWAYS|(lcase == \"unsolved\") == ($at_L < $solved)"
  "6.7|ALWAYS|(lcase == \"near_chance\") == ($at_L >= $solved && $beyond < $chance + $far_points / 100)"
  "6.7|far above chance|$beyond >= $chance + $far_points / 100"
  "6.7|at least [0-9]+ points above chance|$beyond >= $chance + $far_points / 100"
  "6.7|something carries over|$beyond >= $chance + $far_points / 100"
  "6.7|less than [0-9]+ points above chance|$beyond < $chance + $far_points / 100"
  "6.7|only partly|verdict == \"partly holds\""
  "6.7|not shown|$at_L < $solved"
  "6.7|has not learned the task|$at_L < $solved"
  "6.7|solved at the training length|$at_L >= $solved"
  "6.7|no more than [0-9]+ points below|$beyond >= $at_L - $band_points / 100"
  "6.7|[^o] more than [0-9]+ points below|$beyond < $at_L - $band_points / 100"
  "6.7|but below the|$beyond < $at_L"
  "6.7|carries what it learned|verdict == \"holds\""
  # 6.8: RoPE beyond L
  "6.8|ALWAYS|(verdict == \"holds\") == ($at_L >= $solved && $beyond >= $at_L - $band_points / 100)"
  "6.8|ALWAYS|(verdict == \"partly holds\") == ($at_L >= $solved && $beyond < $at_L - $band_points / 100 && $beyond >= $chance + $far_points / 100)"
  "6.8|ALWAYS|(lcase == \"unsolved\") == ($at_L < $solved)"
  "6.8|ALWAYS|(lcase == \"near_chance\") == ($at_L >= $solved && $beyond < $chance + $far_points / 100)"
  "6.8|ALWAYS|lcase != \"aliased\" || ($alias_acc < $clean_acc && verdict == \"partly holds\")"
  "6.8|rope solves the task|$at_L >= $solved"
  "6.8|does not solve the task|$at_L < $solved"
  "6.8|not shown|$at_L < $solved"
  "6.8|solved at the training length|$at_L >= $solved"
  "6.8|far above chance|$beyond >= $chance + $far_points / 100"
  "6.8|at least [0-9]+ points above chance|$beyond >= $chance + $far_points / 100"
  "6.8|less than [0-9]+ points above chance|$beyond < $chance + $far_points / 100"
  "6.8|no more than [0-9]+ points below|$beyond >= $at_L - $band_points / 100"
  "6.8|[^o] more than [0-9]+ (points )?below the training length|$beyond < $at_L - $band_points / 100"
  "6.8|look-alike offset|$alias_acc < $clean_acc"
  "6.8|mislead it|$alias_acc < $clean_acc"
  # 6.9: one symmetric ALiBi slope
  "6.9|ALWAYS|verdict != \"does not hold\" || ($excess <= 1 && $at_L <= $ceil_L + 0.02 && $beyond <= $ceil_beyond + 0.02)"
  "6.9|ALWAYS|lcase != \"at_bound\" || ($at_L - $ceil_L <= 0.02 && $ceil_L - $at_L <= 0.02)"
  "6.9|sits at that bound|$at_L - $ceil_L <= 0.02 && $ceil_L - $at_L <= 0.02"
  "6.9|stays under that bound|$at_L <= $ceil_L + 0.02"
  "6.9|within the mirror bound at every position|$excess <= 1"
  "6.9|, and reaches it:|$at_L - $ceil_L <= 0.02 && $ceil_L - $at_L <= 0.02"
  "6.9|holds: solved:|$at_L >= 0.95"
  # 6.10: ALiBi with left and right slopes
  "6.10|ALWAYS|(verdict == \"holds\") == ($at_L >= $solved && $in_range >= $solved && $beyond >= $solved)"
  "6.10|ALWAYS|(verdict == \"does not hold\") == ($at_L < $solved)"
  "6.10|unsolved:|$at_L < $solved"
  "6.10|and the accuracy stays|verdict == \"holds\""
  "6.10|the token before ranks first|$m_left > 0 && $m_right > $m_left"
)

# ---- the run and the check: the engine both chapters share ----------------------
set(CHAPTER ch06)
include(${CMAKE_CURRENT_LIST_DIR}/words_follow_numbers.cmake)
