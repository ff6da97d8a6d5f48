// two_senses.h: the workbook's two-sense words for chapter 0 (bank, crane,
// bat, spring).
//
// For each word: two senses, each with words that name it (none of them in the
// contexts below), and one context sentence per sense written for the workbook.
// Claim 0.5 asks whether a word's one static vector sits near both senses'
// words; claim 0.6 whether one attention layer over a context moves it
// toward that context's sense. Word data with no run in it, so its own file,
// beside the analogy set (analogies.h) and the related pairs (related_pairs.h).
#ifndef WORKBOOK_TWO_SENSES_H
#define WORKBOOK_TWO_SENSES_H

typedef struct {
    const char *word;
    const char *sense[2];
    const char *cue[2][6];
    const char *context[2];
} TwoSense;

enum { N_TWO_SENSES = 4 };
extern const TwoSense TWO_SENSES[];   // (N_TWO_SENSES)
#endif
