# words_follow_numbers.cmake: the engine of tests/chNN_words.cmake (chapters 0
# and 6), included after the chapter's script has set CHAPTER (ch06), its
# 'rules' and, when it makes its own input, ARGS. Runs PROGRAM with ARGS into
# OUT (or, with -DNO_RUN=ON, reads the run already there) and checks every
# rule against what the claim printed and recorded: its lesson as printed (its
# section of standard output), its finding (claims.tsv), its narrative
# (narratives.tsv), its numbers (values.tsv), verdict and lesson case.
# Rule: "ID|REGEX|CONDITION"; chNN_words.cmake says what its rules mean.
string(REPLACE "," ";" ARGS "${ARGS}")   # ARGS may come comma-separated (tests/chNN.cmake)
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
  message(FATAL_ERROR "${CHAPTER} with ${args_text} exited with status ${rc}, expected 0")
endif()
if(err MATCHES "no words for the verdict|internal error")
  message(FATAL_ERROR "${CHAPTER} with ${args_text}: ${err}")
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
    # a claim's heading: "6.7 · Doc C §七"
    if (line ~ /^[0-9]+\.[0-9]+ · /) { split(line, f, " "); current = f[1]; continue }
    if (line ~ ("^" CHAPTER " verdicts")) current = ""
    if (current != "") T[current] = T[current] "\n" line
  }
  # Lines are wrapped for the terminal: match phrases across line ends.
  for (c in T) gsub(/[ \t\n\r]+/, " ", T[c])
  for (c in ran) if (T[c] == "") { printf "claim %s: no text found\n", c; failed++ }
]=])
set(k 0)
foreach(rule IN LISTS rules)
  if(NOT rule MATCHES "^([0-9]+\\.[0-9]+)\\|([^|]+)\\|(.+)$")
    message(FATAL_ERROR "${CHAPTER}_words.cmake: not a rule: '${rule}'")
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
execute_process(COMMAND awk -v CHAPTER=${CHAPTER} -v RULES=${k} -v VALUES=${OUT}/run/values.tsv -v CLAIMS=${OUT}/run/claims.tsv
                        -v NARRATIVES=${OUT}/run/narratives.tsv -v STDOUT=${OUT}/stdout.txt -f ${OUT}/words.awk
                RESULT_VARIABLE rc OUTPUT_VARIABLE report ERROR_VARIABLE awk_err)
message("${CHAPTER} with ${args_text}: ${report}${awk_err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CHAPTER} with ${args_text}: words that contradict the numbers (above); the run is in ${OUT}")
endif()
