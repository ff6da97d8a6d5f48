// tsv.h: the workbook's tab-separated tables (claims.tsv, --list-claims,
// exercises/chNN.tsv): a header row naming the columns, then one row per
// record, no tab inside a field. Readers find columns by name.
#ifndef WORKBOOK_TSV_H
#define WORKBOOK_TSV_H

#include <stddef.h>

// Split 'line' in place at tabs into at most 'max' fields; returns how many.
size_t tsv_split(char *line, char **fields, size_t max);

// The index of column 'name' among the header's n fields, or n if it is not there.
size_t tsv_column(char *const *header, size_t n, const char *name);

#endif
