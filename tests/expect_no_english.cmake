# expect_no_english.cmake: a Chinese reader's text holds no English sentence
# (issue 41). Runs COMMAND (a ;-list: the program and its arguments) and
# checks what it prints on standard output: no run of four or more English
# words in a row. A word is letters only, with at most a capital first letter
# ("the", "Adam"), optionally an opening parenthesis before it and , ; : . )
# after it. What is no word is passed over (it neither counts nor ends a
# run): an option name (--d), a file name (claims.tsv, plots/), a symbol or
# value (P_k, K/Z_i, 0:3, zh-TW, FIRST:LAST, CBLAS). A run ends at what holds
# a character beyond ASCII (Chinese, full-width punctuation), at an operator
# of maths (* <= +: symbols only, so "trials * positions * d" is maths, not a
# sentence) and at the end of a line. So "rows printed by --print-table (default 0:3)"
# fails (rows printed by (default), and "（Z_i、角度 K/Z_i、sin、cos）" passes.
# A simple check of the interface's words; the lessons have their own.
#
#   cmake "-DCOMMAND=build/dev/ch03;--lang;zh-TW;--help" [-DENV=LANGUAGE=zh_TW] -P expect_no_english.cmake
#
# ENV: NAME=VALUE settings for the command (cmake -E env), e.g. LANGUAGE=zh_TW
# for a program that takes the language from the environment only.
if(ENV)
  set(run ${CMAKE_COMMAND} -E env ${ENV} ${COMMAND})
else()
  set(run ${COMMAND})
endif()
execute_process(COMMAND ${run} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${COMMAND}: exit ${rc}: ${err}")
endif()
if(out STREQUAL "")
  message(FATAL_ERROR "${COMMAND}: printed nothing")
endif()
# Lines, then words (a ';' would split a CMake list: it ends a run anyway).
string(REPLACE ";" " | " out "${out}")
string(REPLACE "\n" ";" lines "${out}")
set(problems "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE "[ \t]+" ";" words "${line}")
  set(run_length 0)
  set(reported FALSE)
  foreach(word IN LISTS words)
    if(word MATCHES "^[(]?[A-Za-z][a-z]*('[a-z]+)?[,;:.)]*$")
      math(EXPR run_length "${run_length} + 1")
      if(run_length GREATER_EQUAL 4 AND NOT reported)
        list(APPEND problems "${line}")
        set(reported TRUE)
      endif()
    elseif(NOT word MATCHES "^[ -~]*$" OR NOT word MATCHES "[A-Za-z0-9]")
      set(run_length 0)   # (Chinese, or an operator of maths: * <= +)
    endif()
  endforeach()
endforeach()
if(problems)
  list(LENGTH problems n)
  string(REPLACE ";" "\n  " shown "${problems}")
  message(FATAL_ERROR "${COMMAND}: ${n} line(s) with 4 or more English words in a row:\n  ${shown}")
endif()
