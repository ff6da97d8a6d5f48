// related_pairs.h: the workbook's related word pairs for chapter 0, and the
// score that tells them from other pairs.
//
// Written for the GCIDE dictionary's English: 32 pairs of words a reader
// calls related (apple, banana; king, prince; ship, boat), kinds of one thing
// or parts of one scene. A similarity measure "sees" relatedness when it
// ranks these pairs above random ones: the area under the ROC curve (AUC),
// 0.5 = chance, with its standard error. Its own file, beside the analogy
// set (analogies.h), because it is word data and statistics with no run in
// it: chapter 0 draws the random pairs, scores both and writes pairs.dat.
#ifndef WORKBOOK_RELATED_PAIRS_H
#define WORKBOOK_RELATED_PAIRS_H
#include <stdbool.h>
#include <stddef.h>

enum { N_RELATED_PAIRS = 32 };
extern const char *const RELATED_PAIRS[][2];   // (N_RELATED_PAIRS, 2) words

// Whether (a, b) is one of the related pairs, in either order.
bool is_related_pair(const char *a, const char *b);

// P(x > y) for x from a (na), y from b (nb), ties counting half: the area
// under the ROC curve of a score that should put a above b. NAN when either is empty.
double roc_auc(const double *a, size_t na, const double *b, size_t nb);

// Its standard error for na positives and nb negatives (Hanley and McNeil 1982).
double roc_auc_se(double a, size_t na, size_t nb);
#endif
