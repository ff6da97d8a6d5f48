// alibi.c: see alibi.h.
#include "position/alibi.h"

#include <gsl/gsl_errno.h>
#include <math.h>

double alibi_slope(size_t h, size_t H) {
    if (H == 0 || h == 0 || h > H) return NAN;
    return exp2(-8.0 * (double)h / (double)H);
}

int alibi_slopes_fill(gsl_vector *slopes) {
    size_t H = slopes->size;
    for (size_t h = 1; h <= H; h++) gsl_vector_set(slopes, h - 1, alibi_slope(h, H));
    return GSL_SUCCESS;
}

// The bias of one (query t, key s) entry.
static double alibi_bias(size_t t, size_t s, double slope_left, double slope_right) {
    if (s <= t) return -slope_left * (double)(t - s);
    return -slope_right * (double)(s - t);
}

static int alibi_check(const gsl_matrix *M, double slope_left, double slope_right) {
    if (M->size1 != M->size2) GSL_ERROR("ALiBi scores must be square (T,T)", GSL_EBADLEN);
    if (!isfinite(slope_left) || !isfinite(slope_right)) GSL_ERROR("ALiBi slopes must be finite", GSL_EINVAL);
    return GSL_SUCCESS;
}

int alibi_bias_fill(gsl_matrix *B, double slope_left, double slope_right) {
    int status = alibi_check(B, slope_left, slope_right);
    if (status) return status;
    for (size_t t = 0; t < B->size1; t++)
        for (size_t s = 0; s < B->size2; s++) gsl_matrix_set(B, t, s, alibi_bias(t, s, slope_left, slope_right));
    return GSL_SUCCESS;
}

int alibi_bias_add(gsl_matrix *S, double slope_left, double slope_right) {
    int status = alibi_check(S, slope_left, slope_right);
    if (status) return status;
    for (size_t t = 0; t < S->size1; t++)
        for (size_t s = 0; s < S->size2; s++)
            gsl_matrix_set(S, t, s, gsl_matrix_get(S, t, s) + alibi_bias(t, s, slope_left, slope_right));
    return GSL_SUCCESS;
}

int alibi_slope_gradients(const gsl_matrix *dS, double *d_slope_left, double *d_slope_right) {
    int status = alibi_check(dS, 0.0, 0.0);
    if (status) return status;
    double left = 0.0, right = 0.0;
    for (size_t t = 0; t < dS->size1; t++)
        for (size_t s = 0; s < dS->size2; s++) {
            if (s < t) left -= gsl_matrix_get(dS, t, s) * (double)(t - s);
            if (s > t) right -= gsl_matrix_get(dS, t, s) * (double)(s - t);
        }
    *d_slope_left = left;
    *d_slope_right = right;
    return GSL_SUCCESS;
}
