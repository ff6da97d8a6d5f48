// unit_alibi.c: linear attention biases (common/position/alibi.h).
//
// Slopes 2^(-8h/H) with 8h/H an integer are powers of two, exact in binary:
// they are compared with tolerance 0. A bias entry is one product of a slope
// and a small integer, so ENTRY_TOL = 4*DBL_EPSILON of its size.
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "base/random.h"
#include "position/alibi.h"
#include "run/compare.h"

static const double ENTRY_TOL = 4 * DBL_EPSILON;

int main(void) {
    gsl_set_error_handler_off();
    gsl_rng *rng = random_new(2385);

    // The ALiBi paper's 8 heads: 1/2, 1/4, ..., 1/256.
    gsl_vector *slopes = gsl_vector_alloc(8);
    gsl_test(alibi_slopes_fill(slopes), "alibi_slopes_fill H=8");
    for (size_t h = 1; h <= 8; h++)
        gsl_test_abs(gsl_vector_get(slopes, h - 1), ldexp(1.0, -(int)h), 0.0, "H=8 slope of head %zu is 2^-%zu", h, h);
    gsl_test_abs(alibi_slope(1, 4), 0.25, 0.0, "H=4 head 1: 2^-2");
    gsl_test_abs(alibi_slope(4, 4), ldexp(1.0, -8), 0.0, "H=4 head 4: 2^-8");
    gsl_test_rel(alibi_slope(1, 12), exp2(-8.0 / 12.0), ENTRY_TOL, "H=12 head 1: 2^(-2/3)");
    gsl_test(!isnan(alibi_slope(0, 8)), "head 0 gives NAN");
    gsl_test(!isnan(alibi_slope(9, 8)), "head past H gives NAN");
    gsl_test(!isnan(alibi_slope(1, 0)), "H = 0 gives NAN");

    // The bias: -m_left (t-s) before the query, -m_right (s-t) after it.
    const size_t T = 13;
    const double left = 0.2385, right = 0.7413;
    gsl_matrix *B = gsl_matrix_alloc(T, T);
    gsl_test(alibi_bias_fill(B, left, right), "alibi_bias_fill");
    gsl_test_abs(gsl_matrix_get(B, 7, 7), 0.0, 0.0, "no bias on the diagonal");
    gsl_test_rel(gsl_matrix_get(B, 9, 2), -7 * left, ENTRY_TOL, "key 7 before the query: -7 m_left");
    gsl_test_rel(gsl_matrix_get(B, 2, 9), -7 * right, ENTRY_TOL, "key 7 after the query: -7 m_right");
    // Toeplitz: the bias depends on t - s only.
    double toeplitz = 0.0;
    for (size_t t = 1; t < T; t++)
        for (size_t s = 1; s < T; s++)
            toeplitz = fmax(toeplitz, fabs(gsl_matrix_get(B, t, s) - gsl_matrix_get(B, t - 1, s - 1)));
    gsl_test_abs(toeplitz, 0.0, ENTRY_TOL * T, "bias depends on t-s only (%g)", toeplitz);
    // Symmetric slopes give a symmetric matrix.
    gsl_matrix *Bsym = gsl_matrix_alloc(T, T);
    gsl_test(alibi_bias_fill(Bsym, left, left), "alibi_bias_fill symmetric");
    double asym = 0.0;
    for (size_t t = 0; t < T; t++)
        for (size_t s = 0; s < T; s++) asym = fmax(asym, fabs(gsl_matrix_get(Bsym, t, s) - gsl_matrix_get(Bsym, s, t)));
    gsl_test_abs(asym, 0.0, 0.0, "one slope: B = B^T");

    // Adding to scores = scores + B.
    gsl_matrix *S = gsl_matrix_alloc(T, T), *S_plus = gsl_matrix_alloc(T, T);
    random_gaussian_matrix(S, rng, 2.385);
    gsl_matrix_memcpy(S_plus, S);
    gsl_test(alibi_bias_add(S_plus, left, right), "alibi_bias_add");
    gsl_matrix_add(S, B);
    gsl_test_abs(max_abs_diff_matrix(S, S_plus), 0.0, 0.0, "bias_add = S + B");

    // Slope gradients against central differences of L = sum(G o (S + B(m_left, m_right))).
    // L is linear in the slopes: the quotient is exact but for rounding, DBL_EPSILON |L|_1 / h.
    gsl_matrix *G = gsl_matrix_alloc(T, T);
    random_gaussian_matrix(G, rng, 1.0);
    double d_left, d_right;
    gsl_test(alibi_slope_gradients(G, &d_left, &d_right), "alibi_slope_gradients");
    const double h = 1e-5;
    double fd[2], l1 = 0.0;
    for (int which = 0; which < 2; which++) {
        double L[2];
        for (int side = 0; side < 2; side++) {
            double step = side ? -h : h;
            alibi_bias_fill(B, left + (which == 0 ? step : 0.0), right + (which == 1 ? step : 0.0));
            L[side] = 0.0;
            for (size_t t = 0; t < T; t++)
                for (size_t s = 0; s < T; s++) {
                    L[side] += gsl_matrix_get(G, t, s) * gsl_matrix_get(B, t, s);
                    l1 = fmax(l1, fabs(gsl_matrix_get(G, t, s) * gsl_matrix_get(B, t, s)) * T * T);
                }
        }
        fd[which] = (L[0] - L[1]) / (2 * h);
    }
    gsl_test_abs(d_left, fd[0], 16 * DBL_EPSILON * l1 / h, "dL/dm_left = finite differences");
    gsl_test_abs(d_right, fd[1], 16 * DBL_EPSILON * l1 / h, "dL/dm_right = finite differences");

    // Error returns instead of crashes.
    gsl_matrix *rect = gsl_matrix_alloc(3, 4);
    gsl_test(alibi_bias_fill(rect, 0.5, 0.5) != GSL_EBADLEN, "non-square bias gives GSL_EBADLEN");
    gsl_test(alibi_bias_add(rect, 0.5, 0.5) != GSL_EBADLEN, "non-square scores give GSL_EBADLEN");
    gsl_test(alibi_slope_gradients(rect, &d_left, &d_right) != GSL_EBADLEN, "non-square dS gives GSL_EBADLEN");
    gsl_test(alibi_bias_fill(B, NAN, 0.5) != GSL_EINVAL, "NAN slope gives GSL_EINVAL");
    gsl_test(alibi_bias_add(B, 0.5, INFINITY) != GSL_EINVAL, "infinite slope gives GSL_EINVAL");

    gsl_matrix_free(rect);
    gsl_matrix_free(G);
    gsl_matrix_free(S);
    gsl_matrix_free(S_plus);
    gsl_matrix_free(B);
    gsl_matrix_free(Bsym);
    gsl_vector_free(slopes);
    random_free(rng);
    return gsl_test_summary();
}
