// unit_tsv.c: escaping a field of any text for a TSV row and back
// (common/base/tsv.h: tsv_escaped, tsv_unescape), as narratives.tsv uses them.
#include <gsl/gsl_test.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/tsv.h"

// tsv_escaped(text) is 'expected', one line without a tab, and unescapes back to text.
static void check_round_trip(const char *text, const char *expected, const char *what) {
    char *escaped = tsv_escaped(text);
    if (escaped == NULL) {
        gsl_test(1, "%s: escaped (out of memory)", what);
        return;
    }
    if (expected) gsl_test(strcmp(escaped, expected) != 0, "%s: escaped as expected", what);
    gsl_test(strpbrk(escaped, "\t\n\r") != NULL, "%s: no tab, newline or carriage return left", what);
    size_t len = tsv_unescape(escaped);
    gsl_test(len != strlen(text) || strlen(escaped) != len || strcmp(escaped, text) != 0, "%s: unescapes to the text",
             what);
    free(escaped);
}

int main(void) {
    check_round_trip("", "", "empty text");
    check_round_trip("plain text, 你打我", "plain text, 你打我", "plain text");
    check_round_trip("a\\b\tc\nd\re", "a\\\\b\\tc\\nd\\re", "each of the four");
    check_round_trip("\\t is not a tab", "\\\\t is not a tab", "a backslash before t");
    check_round_trip("\\\\\n\n\t\t\\", "\\\\\\\\\\n\\n\\t\\t\\\\", "runs of them");
    check_round_trip("  #  point\n  1  order is lost\n\n=> not this\n", NULL, "a narrative");

    char bytes[256];   // every byte but NUL
    for (int i = 1; i < 256; i++) bytes[i - 1] = (char)i;
    bytes[255] = '\0';
    check_round_trip(bytes, NULL, "every byte 1..255");

    // 1 MB of text with backslashes, tabs, newlines and carriage returns.
    size_t n = (size_t)1 << 20;
    char *big = malloc(n + 1);
    if (big) {
        const char pattern[] = "a line\twith a tab, a \\ and \\n,\r\n";
        for (size_t i = 0; i < n; i++) big[i] = pattern[i % (sizeof pattern - 1)];
        big[n] = '\0';
        check_round_trip(big, NULL, "1 MB");
        free(big);
    }

    // The escaped field is one field of one row.
    char *field = tsv_escaped("two\tfields?\nno");
    if (field) {
        char row[128];
        snprintf(row, sizeof row, "1.1\t%s", field);
        char *fields[4];
        gsl_test(tsv_split(row, fields, 4) != 2, "an escaped field stays one field");
        free(field);
    }

    // Unknown escapes, and a backslash at the end, are kept as they are.
    char unknown[] = "\\x\\0\\\\t\\";
    size_t len = tsv_unescape(unknown);
    gsl_test(len != 7 || strcmp(unknown, "\\x\\0\\t\\") != 0, "unknown escapes kept: got '%s' (%zu)", unknown, len);
    char empty[] = "";
    gsl_test(tsv_unescape(empty) != 0, "an empty field unescapes to nothing");
    return gsl_test_summary();
}
