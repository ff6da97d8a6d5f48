# expect_claim_row.cmake: one claim's test, read from a chapter run's
# claims.tsv (TSV) instead of running the chapter again: the row for claim ID
# must exist and its verdict must equal its expected verdict. Chapters that
# train models use this, so one quick run serves every claim and figure.
# (Rows are matched with a regex: findings may hold ';' and brackets, which
# CMake lists would split.)
if(NOT EXISTS ${TSV})
  message(FATAL_ERROR "${TSV} is missing: the chapter's data run did not finish")
endif()
file(READ ${TSV} text)
string(REPLACE "." "\\." id_regex "${ID}")
set(cell "([^\t\n]*)")
if(NOT text MATCHES "(^|\n)${id_regex}\t${cell}\t${cell}\t${cell}\t${cell}\t${cell}\t${cell}\t${cell}")
  message(FATAL_ERROR "claim ${ID} is not in ${TSV}")
endif()
set(verdict "${CMAKE_MATCH_3}")
set(expected "${CMAKE_MATCH_4}")
message("claim ${ID}: ${verdict} (expected ${expected}); ${CMAKE_MATCH_8} = ${CMAKE_MATCH_5}")
if(NOT verdict STREQUAL expected)
  message(FATAL_ERROR "claim ${ID} came out '${verdict}', expected '${expected}'")
endif()
