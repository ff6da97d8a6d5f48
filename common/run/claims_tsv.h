// claims_tsv.h: claims.tsv, the table of one chapter run's claims (one row per
// claim, tab-separated, a header row naming the columns). Its columns are
// defined here once: the chapter writes them (chapter.c) and every reader
// finds them by the names in the header row (the driver here, the CTest
// checker tests/expect_claim_row.cmake by the same names), so a column can be
// added or moved without breaking a reader.
#ifndef WORKBOOK_CLAIMS_TSV_H
#define WORKBOOK_CLAIMS_TSV_H

#include <stdbool.h>
#include <stddef.h>

#define CLAIMS_TSV_COLUMNS(X)                                                                                 \
    X(id) X(source) X(verdict) X(expected_verdict) X(measured) X(document) X(tolerance) X(key) X(statement)  \
    X(finding) X(scope) X(weight) X(lesson_case)

typedef enum {
#define CLAIMS_TSV_ENUM(name) CLAIMS_TSV_##name,
    CLAIMS_TSV_COLUMNS(CLAIMS_TSV_ENUM)
#undef CLAIMS_TSV_ENUM
    CLAIMS_TSV_N
} ClaimsTsvColumn;

// The column names in order, and the header row ("id\tsource\t...\tfinding").
extern const char *const CLAIMS_TSV_NAMES[CLAIMS_TSV_N];
void claims_tsv_header(char *buf, size_t size);

// From the header row's fields (split with tsv_split, tsv.h), where each column is (index[c]); false (and
// 'missing' names the first absent column) when a column is not there.
bool claims_tsv_columns(char *const *header, size_t n, size_t index[CLAIMS_TSV_N], const char **missing);

#endif
