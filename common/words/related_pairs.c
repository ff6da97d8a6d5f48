// related_pairs.c: the related pairs and the AUC (see related_pairs.h), moved
// from chapters/ch00_word_vectors.c.
#include "words/related_pairs.h"

#include <math.h>
#include <string.h>

const char *const RELATED_PAIRS[][2] = {
    {"apple", "banana"}, {"apple", "pear"},    {"cherry", "plum"},     {"peach", "apricot"}, {"lemon", "orange"},
    {"grape", "vine"},   {"dog", "cat"},       {"horse", "mule"},      {"cow", "ox"},        {"sheep", "goat"},
    {"wolf", "fox"},     {"eagle", "hawk"},    {"king", "prince"},     {"queen", "princess"}, {"father", "son"},
    {"mother", "daughter"}, {"ship", "boat"},  {"sword", "spear"},     {"hammer", "chisel"}, {"gold", "silver"},
    {"copper", "tin"},   {"oak", "elm"},       {"rose", "lily"},       {"river", "stream"},  {"hill", "mountain"},
    {"red", "blue"},     {"bread", "cake"},    {"wine", "beer"},       {"church", "chapel"}, {"doctor", "physician"},
    {"iron", "steel"},   {"salt", "pepper"},
};
_Static_assert(sizeof RELATED_PAIRS / sizeof RELATED_PAIRS[0] == N_RELATED_PAIRS, "N_RELATED_PAIRS counts the list");

// P(x > y) for x from a, y from b (ties count half): the area under the ROC curve.
double roc_auc(const double *a, size_t na, const double *b, size_t nb) {
    double wins = 0.0;
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++) wins += a[i] > b[j] ? 1.0 : (a[i] == b[j] ? 0.5 : 0.0);
    return na && nb ? wins / ((double)na * (double)nb) : NAN;
}

// Whether (a, b) is one of the related pairs, in either order.
bool is_related_pair(const char *a, const char *b) {
    for (size_t i = 0; i < N_RELATED_PAIRS; i++)
        if ((strcmp(RELATED_PAIRS[i][0], a) == 0 && strcmp(RELATED_PAIRS[i][1], b) == 0) ||
            (strcmp(RELATED_PAIRS[i][0], b) == 0 && strcmp(RELATED_PAIRS[i][1], a) == 0))
            return true;
    return false;
}

// The standard error of an AUC from na positives and nb negatives (Hanley and
// McNeil 1982): sqrt((A(1-A) + (na-1)(Q1-A^2) + (nb-1)(Q2-A^2)) / (na nb)),
// Q1 = A/(2-A), Q2 = 2A^2/(1+A).
double roc_auc_se(double a, size_t na, size_t nb) {
    double q1 = a / (2 - a), q2 = 2 * a * a / (1 + a);
    return sqrt((a * (1 - a) + ((double)na - 1) * (q1 - a * a) + ((double)nb - 1) * (q2 - a * a)) / ((double)na * (double)nb));
}
