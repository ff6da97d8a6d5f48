// verdict.h: claims, their computed verdicts, and how they are reported.
//
// A verdict is always computed from a measurement by the claim's own code;
// this module only names, prints and files them.
//
//   holds          the measurement agrees with the claim within a stated tolerance
//   partly holds   true under a condition the chapter found, false outside it
//   erratum        the document's own numbers or wording disagree with the
//                  computation; the finding gives the corrected statement
//   does not hold  the measurement contradicts the claim
#ifndef WORKBOOK_VERDICT_H
#define WORKBOOK_VERDICT_H

#include <stdio.h>

typedef enum {
    VERDICT_HOLDS,
    VERDICT_PARTLY_HOLDS,
    VERDICT_ERRATUM,
    VERDICT_DOES_NOT_HOLD,
    VERDICT_NOT_RUN                // the claim crashed into an error before deciding
} Verdict;

enum { VERDICT_KINDS = 5 };

const char *verdict_name(Verdict v);

// What a claim's measurement produced. NAN in a number means "not applicable".
typedef struct {
    Verdict verdict;
    double measured;               // the key number
    double document;               // what the document says (or the expected value)
    double tolerance;              // the tolerance the verdict used
    char key[128];                 // what 'measured' is, in a few words
    char finding[768];             // the condition found / the corrected statement
} ClaimResult;

// Fill 'key' and 'finding' printf-style (they are plain fields; these just format).
void claim_key(ClaimResult *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void claim_finding(ClaimResult *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Print 'text' padded with spaces to 'width' terminal columns, counting East
// Asian characters as two columns so tables with 你/我 in them stay aligned.
void print_padded(FILE *fp, const char *text, int width);

// Terminal columns taken by a UTF-8 string (CJK = 2, everything else = 1).
int display_width(const char *text);

// Format a number for tables and claims.tsv: "-" for NAN, %.6g otherwise.
const char *format_number(double x, char *buf, size_t size);

#endif
