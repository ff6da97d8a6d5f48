// verdict.h: claims, their computed verdicts, and how they are reported.
//
// A verdict is always computed from a measurement by the claim's own code;
// this module only names, prints and files them.
//
//   holds          the measurement agrees with the claim within a stated tolerance
//   partly holds   true under a condition the chapter found, false outside it
//   erratum        the document's own numbers or wording disagree with the
//                  computation; the lesson's verdict words give the correction
//   does not hold  the measurement contradicts the claim
#ifndef WORKBOOK_VERDICT_H
#define WORKBOOK_VERDICT_H

#include <stdio.h>

#include "run/lesson.h"

typedef enum {
    VERDICT_HOLDS,
    VERDICT_PARTLY_HOLDS,
    VERDICT_ERRATUM,
    VERDICT_DOES_NOT_HOLD,
    VERDICT_NOT_RUN                // the claim crashed into an error before deciding
} Verdict;

enum { VERDICT_KINDS = 5 };

const char *verdict_name(Verdict v);
// The same words in the current language (common/base/i18n.h), for a reader; the
// data files keep verdict_name's.
const char *verdict_label(Verdict v);

// What a claim's measurement produced. NAN in a number means "not applicable".
typedef struct {
    Verdict verdict;
    double measured;               // the key number
    double document;               // what the document says (or the expected value)
    double tolerance;              // the tolerance the verdict used
    // What the claim's lesson names (lessons/README.md): numbers and short
    // texts by name, written to values.tsv, and the case that picks the
    // lesson's verdict words ("" = the plain section).
    LessonValues values;
    char lesson_case[32];
    // the tables recorded (claim_row): each one's name and rows so far
    struct {
        char name[48];
        size_t rows;
    } tables[8];
    size_t n_tables;
} ClaimResult;

// Where a claim comes from: the course's documents, or beyond them (a
// question the workbook adds: chapters 8 and 9, and claims such as 1.7, 6.9).
typedef enum { SCOPE_COURSE, SCOPE_BEYOND } ClaimScope;

// How much an erratum matters: a slip (a count, a typo, a label) or an error
// a student would learn (a wrong number, formula or conclusion). WEIGHT_NONE
// for claims the workbook does not expect to be errata.
typedef enum { WEIGHT_NONE, WEIGHT_SLIP, WEIGHT_ERROR } ErratumWeight;

const char *claim_scope_name(ClaimScope s);       // "course", "beyond"
const char *erratum_weight_name(ErratumWeight w); // "-", "slip", "error"


// The lesson's numbers and words (lessons/README.md): claim_value records a
// number under 'name' ({name} in the lesson), claim_text a short text that
// is not prose (tokens, an option's value, a word of the vocabulary), and
// claim_case the case that picks "### VERDICT when CASE" in the lesson.
void claim_value(ClaimResult *r, const char *name, double x);
void claim_text(ClaimResult *r, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void claim_case(ClaimResult *r, const char *name);

// A table of the evidence (lessons/README.md: a row template in the lesson
// is repeated per row): claim_row starts the next row of 'table' and returns
// its index (0, 1, ...); claim_cell and claim_cell_text record a cell of that
// row, in values.tsv as "table[ROW].column". A claim has at most 8 tables.
size_t claim_row(ClaimResult *r, const char *table);
void claim_cell(ClaimResult *r, const char *table, const char *column, double x);
void claim_cell_text(ClaimResult *r, const char *table, const char *column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

// Print 'text' padded with spaces to 'width' terminal columns, counting East
// Asian characters as two columns so tables with 你/我 in them stay aligned.
void print_padded(FILE *fp, const char *text, int width);

// Terminal columns taken by a UTF-8 string (CJK = 2, everything else = 1).
int display_width(const char *text);

// Format a number for tables and claims.tsv: "-" for NAN, %.6g otherwise.
const char *format_number(double x, char *buf, size_t size);

#endif
