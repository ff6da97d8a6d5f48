// compare.c: see compare.h.
#include "run/compare.h"

#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/fmax_inline.h"   // these loops take millions of maxima (chapter 8)

// Each |a - b| is >= +0 (fabs clears the sign) or a NaN, which fmax skips, and
// the running maximum starts at +0 and is never a NaN: so the result is the
// largest of the non-NaN differences whatever the order they are taken in,
// and the vector's four maxima side by side (instead of one chain of n maxima
// that each wait for the one before) give the same bits.
double max_abs_diff_matrix(const gsl_matrix *a, const gsl_matrix *b) {
    if (a->size1 != b->size1 || a->size2 != b->size2) return NAN;
    double worst = 0.0;
    for (size_t i = 0; i < a->size1; i++) {
        gsl_vector_const_view ra = gsl_matrix_const_row(a, i), rb = gsl_matrix_const_row(b, i);
        worst = fmax_inline(worst, max_abs_diff_vector(&ra.vector, &rb.vector));
    }
    return worst;
}

double max_abs_diff_vector(const gsl_vector *a, const gsl_vector *b) {
    if (a->size != b->size) return NAN;
    const double *pa = a->data, *pb = b->data;
    const size_t n = a->size, sa = a->stride, sb = b->stride;
    double worst[4] = {0.0, 0.0, 0.0, 0.0};
    size_t i = 0;
#if defined(__SSE2__)
    // GCC does not vectorise a maximum that must skip NaNs; maxpd does it two
    // at a time: maxpd(x, w) is x > w ? x : w lane by lane, w when x is a
    // NaN, so each lane keeps fmax's maximum (chapter 8 takes 30 million).
    if (sa == 1 && sb == 1) {
        const __m128d sign = _mm_set1_pd(-0.0);
        __m128d w01 = _mm_setzero_pd(), w23 = _mm_setzero_pd();
        for (; i + 4 <= n; i += 4) {
            w01 = _mm_max_pd(_mm_andnot_pd(sign, _mm_sub_pd(_mm_loadu_pd(pa + i), _mm_loadu_pd(pb + i))), w01);
            w23 = _mm_max_pd(_mm_andnot_pd(sign, _mm_sub_pd(_mm_loadu_pd(pa + i + 2), _mm_loadu_pd(pb + i + 2))), w23);
        }
        _mm_storeu_pd(worst, w01);
        _mm_storeu_pd(worst + 2, w23);
    }
#endif
    for (; i + 4 <= n; i += 4)
        for (size_t q = 0; q < 4; q++) worst[q] = fmax_inline(worst[q], fabs(pa[(i + q) * sa] - pb[(i + q) * sb]));
    for (; i < n; i++) worst[0] = fmax_inline(worst[0], fabs(pa[i * sa] - pb[i * sb]));
    return fmax_inline(fmax_inline(worst[0], worst[1]), fmax_inline(worst[2], worst[3]));
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
