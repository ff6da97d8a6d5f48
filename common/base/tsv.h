// tsv.h: the workbook's tab-separated tables (claims.tsv, narratives.tsv,
// --list-claims, exercises/chNN.tsv): a header row naming the columns, then
// one row per record, no tab inside a field. Readers find columns by name.
// A field that may hold any text (a claim's narrative) is escaped so that it
// stays one field of one line.
#ifndef WORKBOOK_TSV_H
#define WORKBOOK_TSV_H

#include <stddef.h>

// Split 'line' in place at tabs into at most 'max' fields; returns how many.
size_t tsv_split(char *line, char **fields, size_t max);

// The index of column 'name' among the header's n fields, or n if it is not there.
size_t tsv_column(char *const *header, size_t n, const char *name);

// 'text' escaped as one TSV field, a new string (free it): backslash -> "\\",
// tab -> "\t", newline -> "\n", carriage return -> "\r"; every other byte as
// it is. NULL when memory runs out.
char *tsv_escaped(const char *text);

// The inverse, in place: the four escapes above back to their bytes; any
// other backslash sequence (and a backslash at the end) is kept as it is.
// Returns the new length (s is NUL-terminated there).
size_t tsv_unescape(char *s);

// In a whole table's text (header row first; '#' lines and blank lines
// skipped): the cell of column 'column' in the row whose first field is
// 'key', a new string; NULL when there is no such row, column or text.
// (A translation's table: lessons/LANG/figures.tsv, LANG/exercises/chNN.tsv.)
char *tsv_lookup(const char *text, const char *key, const char *column);

#endif
