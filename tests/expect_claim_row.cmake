# expect_claim_row.cmake: one claim's test, read from a chapter run's
# claims.tsv (TSV) instead of running the chapter again: the row for claim ID
# must exist and its verdict must equal its expected verdict. Chapters that
# train models use this, so one quick run serves every claim and figure.
# Columns are found by the names in the header row (common/run/claims_tsv.h
# defines them). Rows are matched with a regex: findings may hold ';' and
# brackets, which CMake lists would split.
if(NOT EXISTS ${TSV})
  message(FATAL_ERROR "${TSV} is missing: the chapter's data run did not finish")
endif()
file(READ ${TSV} text)
include(${CMAKE_CURRENT_LIST_DIR}/claims_tsv.cmake)
foreach(name verdict expected_verdict measured key)
  claims_tsv_cell("${text}" ${ID} ${name} ${name})
endforeach()
message("claim ${ID}: ${verdict} (expected ${expected_verdict}); ${key} = ${measured}")
if(NOT verdict STREQUAL expected_verdict)
  message(FATAL_ERROR "claim ${ID} came out '${verdict}', expected '${expected_verdict}'")
endif()
