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
#   0.4  queen at rank 1, and the offsets above c's nearest word at every seed;
#        "within the seed spread" = |SGNS - PPMI+SVD| below SGNS's range over seeds
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
  "0.1|only because related words are of middling frequency|$auc_id > 0.5 && lcase == \"words_not_relation\""
  "0.1|not apart here|verdict == \"does not hold\""
  "0.1|does not track similarity|($rho < 0 ? -$rho : $rho) < 0.1"
  # 0.2: the lookup is the row, only the rows used move
  "0.2|ALWAYS|verdict != \"holds\" || ($max_diff == 0 && $rows_changed == $centres)"
  "0.2|equals its row|$max_diff == 0"
  "0.2|stayed bit-identical|$rows_untouched == $V - $rows_changed"
  # 0.3: related words are near
  "0.3|ALWAYS|lcase == \"no_words\" || (verdict == \"holds\") == ($auc >= 0.9 && $cos_apple_banana > $random_p95)"
  "0.3|= [0-9.]+, above 95% of random pairs|$cos_apple_banana > $random_p95"
  # 0.4: king - man + woman, the set against c's nearest word, the seeds
  "0.4|ALWAYS|lcase != \"no_words\" || verdict != \"holds\""
  "0.4|ALWAYS|verdict != \"holds\" || ($rank_queen == 1 && $acc > $nearest)"
  "0.4|ALWAYS|lcase == \"no_words\" || (lcase == \"one_seed\") == ($seeds < 2)"
  "0.4|ALWAYS|lcase == \"no_words\" || $seeds < 2 || (lcase == \"within_spread\") == (($sgns_both < $ppmi_both ? $ppmi_both - $sgns_both : $sgns_both - $ppmi_both) < $sgns_both_max - $sgns_both_min)"
  "0.4|gives queen|$rank_queen == 1"
  "0.4|differ within the seed spread|($sgns_both < $ppmi_both ? $ppmi_both - $sgns_both : $sgns_both - $ppmi_both) < $sgns_both_max - $sgns_both_min"
  "0.4|differ beyond the seed spread|($sgns_both < $ppmi_both ? $ppmi_both - $sgns_both : $sgns_both - $ppmi_both) >= $sgns_both_max - $sgns_both_min"
  "0.4|cannot be asked|lcase == \"no_words\""
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
# (-DNO_RUN=ON checks the run already in OUT: OUT/run, OUT/stdout.txt, OUT/stderr.txt.)
set(rc 0)
if(NOT NO_RUN)
  file(REMOVE_RECURSE ${OUT}/run)
  file(MAKE_DIRECTORY ${OUT})
  set(cache_args "")
  if(CACHE)
    set(cache_args --cache ${CACHE})
  endif()
  execute_process(COMMAND ${PROGRAM} ${ARGS} ${cache_args} --out ${OUT}/run
                  RESULT_VARIABLE rc OUTPUT_FILE ${OUT}/stdout.txt ERROR_FILE ${OUT}/stderr.txt)
endif()
file(READ ${OUT}/stderr.txt err)
string(REPLACE ";" " " args_text "${ARGS}")
if(NOT args_text)
  set(args_text "the course's settings")
endif()
if(NOT rc EQUAL 0)
  file(READ ${OUT}/stdout.txt out)
  message("${out}${err}")
  message(FATAL_ERROR "ch00 with ${args_text} exited with status ${rc}, expected 0")
endif()
if(err MATCHES "no words for the verdict|internal error")
  message(FATAL_ERROR "ch00 with ${args_text}: ${err}")
endif()

# ---- the rules, as one awk program ----------------------------------------------
set(awk [=[
function unescape(s,    out, i, c) {
  out = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    if (c == "\\" && i < length(s)) {
      i++; c = substr(s, i, 1)
      out = out (c == "n" ? "\n" : (c == "t" ? "\t" : (c == "r" ? "\r" : c)))
    } else out = out c
  }
  return out
}
function val(name) {
  if (!((id SUBSEP name) in V)) { missing = missing " " name; return 0 }
  return V[id, name] + 0
}
function check(rule_id, regex, cond, text) {
  if (!(rule_id in ran)) return
  if (regex != "ALWAYS" && tolower(T[rule_id]) !~ regex) return
  applied++
  if (missing != "") {
    printf "claim %s: the rule for '%s' names a number it did not record:%s\n", rule_id, regex, missing
    failed++; missing = ""; return
  }
  if (!cond) {
    printf "claim %s (verdict \"%s\", case \"%s\"): '%s' %s, but the numbers say otherwise\n", rule_id, verdict, lcase,
           regex, regex == "ALWAYS" ? "(verdict and case follow the numbers)" : "is in its words"
    failed++
  }
}
BEGIN {
  FS = "\t"
  while ((getline line < VALUES) > 0) {
    n = split(line, f, "\t")
    if (f[1] != "id") V[f[1], f[2]] = f[3]
  }
  while ((getline line < CLAIMS) > 0) {
    n = split(line, f, "\t")
    if (f[1] == "id") { for (i = 1; i <= n; i++) col[f[i]] = i; continue }
    ran[f[1]] = 1
    VERDICT[f[1]] = f[col["verdict"]]
    CASE[f[1]] = f[col["lesson_case"]]
    T[f[1]] = T[f[1]] "\n" unescape(f[col["finding"]])
  }
  while ((getline line < NARRATIVES) > 0) {
    i = index(line, "\t")
    if (substr(line, 1, i - 1) != "id") T[substr(line, 1, i - 1)] = T[substr(line, 1, i - 1)] "\n" unescape(substr(line, i + 1))
  }
  current = ""
  while ((getline line < STDOUT) > 0) {
    if (line ~ /^(---- )?[0-9]+\.[0-9]+ · /) { split(line, f, " "); current = (f[1] == "----" ? f[2] : f[1]); continue }
    if (line ~ /^ch00 verdicts/) current = ""
    if (current != "") T[current] = T[current] "\n" line
  }
  # Lines are wrapped for the terminal: match phrases across line ends.
  for (c in T) gsub(/[ \t\n\r]+/, " ", T[c])
  for (c in ran) if (T[c] == "") { printf "claim %s: no text found\n", c; failed++ }
]=])
set(k 0)
foreach(rule IN LISTS rules)
  if(NOT rule MATCHES "^([0-9]+\\.[0-9]+)\\|([^|]+)\\|(.+)$")
    message(FATAL_ERROR "ch00_words.cmake: not a rule: '${rule}'")
  endif()
  set(rule_id "${CMAKE_MATCH_1}")
  set(regex "${CMAKE_MATCH_2}")
  set(cond "${CMAKE_MATCH_3}")
  string(REGEX REPLACE "\\$([A-Za-z_][A-Za-z_0-9]*)" "val(\"\\1\")" cond "${cond}")
  string(REPLACE "\\" "\\\\" regex_awk "${regex}")
  string(REPLACE "\"" "\\\"" regex_awk "${regex_awk}")
  string(APPEND awk "  id = \"${rule_id}\"; verdict = VERDICT[id]; lcase = CASE[id]; missing = \"\"\n"
                    "  check(id, \"${regex_awk}\", ${cond}, \"\")\n")
  math(EXPR k "${k} + 1")
endforeach()
string(APPEND awk [=[
  n_claims = 0; for (c in ran) n_claims++
  printf "%d claims, %d rules, %d applied to this run's words, %d contradicted\n", n_claims, RULES, applied, failed + 0
  exit failed > 0
}
]=])
file(WRITE ${OUT}/words.awk "${awk}")
execute_process(COMMAND awk -v RULES=${k} -v VALUES=${OUT}/run/values.tsv -v CLAIMS=${OUT}/run/claims.tsv
                        -v NARRATIVES=${OUT}/run/narratives.tsv -v STDOUT=${OUT}/stdout.txt -f ${OUT}/words.awk
                RESULT_VARIABLE rc OUTPUT_VARIABLE report ERROR_VARIABLE awk_err)
message("ch00 with ${args_text}: ${report}${awk_err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ch00 with ${args_text}: words that contradict the numbers (above); the run is in ${OUT}")
endif()
