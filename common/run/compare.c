// compare.c: see compare.h.
#include "run/compare.h"

#include <math.h>

#include "base/fmax_inline.h"   // these loops take millions of maxima (chapter 8)

double max_abs_diff_matrix(const gsl_matrix *a, const gsl_matrix *b) {
    if (a->size1 != b->size1 || a->size2 != b->size2) return NAN;
    double worst = 0.0;
    for (size_t i = 0; i < a->size1; i++)
        for (size_t j = 0; j < a->size2; j++)
            worst = fmax_inline(worst, fabs(gsl_matrix_get(a, i, j) - gsl_matrix_get(b, i, j)));
    return worst;
}

double max_abs_diff_vector(const gsl_vector *a, const gsl_vector *b) {
    if (a->size != b->size) return NAN;
    double worst = 0.0;
    for (size_t i = 0; i < a->size; i++)
        worst = fmax_inline(worst, fabs(gsl_vector_get(a, i) - gsl_vector_get(b, i)));
    return worst;
}

double max_abs_matrix(const gsl_matrix *a) {
    double worst = 0.0;
    for (size_t i = 0; i < a->size1; i++)
        for (size_t j = 0; j < a->size2; j++) worst = fmax_inline(worst, fabs(gsl_matrix_get(a, i, j)));
    return worst;
}

DistanceDecay distance_decay(const gsl_vector *s) {
    DistanceDecay out = {s->size - 1, 0, 0, 0.0};
    size_t low = 0;
    for (size_t R = 1; R < s->size; R++) {
        if (out.first_turn == s->size - 1 && gsl_vector_get(s, R) > gsl_vector_get(s, R - 1)) out.first_turn = R - 1;
        if (gsl_vector_get(s, R) - gsl_vector_get(s, low) > out.rise) {
            out.rise = gsl_vector_get(s, R) - gsl_vector_get(s, low);
            out.rise_at = R, out.low_at = low;
        }
        if (gsl_vector_get(s, R) < gsl_vector_get(s, low)) low = R;
    }
    return out;
}
