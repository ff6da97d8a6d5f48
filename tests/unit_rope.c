// unit_rope.c: rotary position embedding (common/position/rope.h).
//
// Tolerances: one rotation of a pair costs a few ulp of the pair's size, so
// ENTRY_TOL = 16*DBL_EPSILON for entries of order 1. The angle k/Z_i itself
// carries a rounding error of up to k*DBL_EPSILON/2 rad, which moves scores
// by that much times their size: position-dependent checks allow
// 16 * k_max * DBL_EPSILON of the scale.
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "base/random.h"
#include "position/pe_table.h"
#include "position/rope.h"
#include "run/compare.h"

static const double ENTRY_TOL = 16 * DBL_EPSILON;

static double row_dot(const gsl_matrix *A, size_t ra, const gsl_matrix *B, size_t rb) {
    gsl_vector_const_view a = gsl_matrix_const_row(A, ra), b = gsl_matrix_const_row(B, rb);
    double dot;
    gsl_blas_ddot(&a.vector, &b.vector, &dot);
    return dot;
}

int main(void) {
    gsl_set_error_handler_off();
    gsl_rng *rng = random_new(2385);

    // Known values. d = 4: Z_0 = 1, Z_1 = 100, so at position 1 the angles are 1 and 0.01.
    gsl_test_rel(rope_angle(2.385, 1, 4), 0.02385, ENTRY_TOL, "angle of pair 1, d=4, k=2.385");
    gsl_test(!isnan(rope_angle(1.0, 2, 4)), "pair index past d/2 gives NAN");
    gsl_matrix *e = gsl_matrix_calloc(1, 4), *e_rot = gsl_matrix_alloc(1, 4);
    gsl_matrix_set(e, 0, 0, 1.0);   // (1,0) in pair 0 turns to (cos 1, sin 1)
    gsl_matrix_set(e, 0, 3, 1.0);   // (0,1) in pair 1 turns to (-sin 0.01, cos 0.01)
    gsl_test(rope_rotate(e, e_rot, 1.0), "rope_rotate d=4");
    gsl_test_abs(gsl_matrix_get(e_rot, 0, 0), cos(1.0), ENTRY_TOL, "pair 0, x[0]' = cos 1");
    gsl_test_abs(gsl_matrix_get(e_rot, 0, 1), sin(1.0), ENTRY_TOL, "pair 0, x[1]' = sin 1");
    gsl_test_abs(gsl_matrix_get(e_rot, 0, 2), -sin(0.01), ENTRY_TOL, "pair 1, x[2]' = -sin 0.01");
    gsl_test_abs(gsl_matrix_get(e_rot, 0, 3), cos(0.01), ENTRY_TOL, "pair 1, x[3]' = cos 0.01");

    static const size_t WIDTHS[] = {2, 8, 64};
    for (size_t w = 0; w < 3; w++) {
        size_t d = WIDTHS[w], T = 37;
        double first = 23.85, k_max = first + (double)T;
        gsl_matrix *X = gsl_matrix_alloc(T, d), *Y = gsl_matrix_alloc(T, d), *back = gsl_matrix_alloc(T, d);
        random_gaussian_matrix(X, rng, 2.385);
        double scale = max_abs_matrix(X);
        gsl_test(rope_rotate(X, Y, first), "rope_rotate d=%zu", d);

        // Row t is M_k^T x_t with M_k chapter 5's rotation matrix (k = first + t).
        gsl_matrix *M = gsl_matrix_alloc(d, d);
        gsl_vector *MtX = gsl_vector_alloc(d);
        double worst_m = 0.0;
        for (size_t t = 0; t < T; t += 7) {
            gsl_test(pe_rotation_matrix(first + (double)t, M), "pe_rotation_matrix");
            gsl_vector_const_view x = gsl_matrix_const_row(X, t), y = gsl_matrix_const_row(Y, t);
            gsl_blas_dgemv(CblasTrans, 1.0, M, &x.vector, 0.0, MtX);
            worst_m = fmax(worst_m, max_abs_diff_vector(MtX, &y.vector));
        }
        gsl_test_abs(worst_m, 0.0, d * ENTRY_TOL * scale, "rotated row = M_k^T x, d=%zu (%g)", d, worst_m);

        // Orthogonal: norms kept; the inverse undoes it.
        double worst_norm = 0.0;
        for (size_t t = 0; t < T; t++)
            worst_norm = fmax(worst_norm, fabs(sqrt(row_dot(X, t, X, t)) - sqrt(row_dot(Y, t, Y, t))));
        gsl_test_abs(worst_norm, 0.0, d * ENTRY_TOL * scale, "norms kept, d=%zu (%g)", d, worst_norm);
        gsl_test(rope_unrotate(Y, back, first), "rope_unrotate");
        double round_trip = max_abs_diff_matrix(X, back);
        gsl_test_abs(round_trip, 0.0, ENTRY_TOL * scale, "unrotate(rotate(X)) = X, d=%zu (%g)", d, round_trip);

        // Relative: the score of rows a, b depends on their offset only.
        // Rotating the same X from another start shifts every position by 11.
        gsl_matrix *Y_shift = gsl_matrix_alloc(T, d);
        gsl_test(rope_rotate(X, Y_shift, first + 11.0), "rope_rotate shifted");
        double worst_rel = 0.0;
        for (size_t a = 0; a < T; a++)
            for (size_t b = 0; b < T; b++)
                worst_rel = fmax(worst_rel, fabs(row_dot(Y, a, Y, b) - row_dot(Y_shift, a, Y_shift, b)));
        gsl_test_abs(worst_rel, 0.0, d * (k_max + 11.0) * ENTRY_TOL * scale * scale,
                     "scores unchanged by a common shift, d=%zu (%g)", d, worst_rel);

        // In place gives the same as out of place, bit for bit.
        gsl_matrix *in_place = gsl_matrix_alloc(T, d);
        gsl_matrix_memcpy(in_place, X);
        gsl_test(rope_rotate(in_place, in_place, first), "rope_rotate in place");
        gsl_test_abs(max_abs_diff_matrix(in_place, Y), 0.0, 0.0, "in place = out of place, d=%zu", d);

        // Backward against central finite differences of L = sum(G o rope_rotate(X)).
        // L is linear in X, so the difference quotient is exact but for rounding:
        // its error is about DBL_EPSILON * |L|_1 / h.
        gsl_matrix *G = gsl_matrix_alloc(T, d), *dX = gsl_matrix_alloc(T, d), *Xh = gsl_matrix_alloc(T, d);
        random_gaussian_matrix(G, rng, 1.0);
        gsl_test(rope_backward(G, dX, first), "rope_backward");
        const double h = 1e-5;
        double worst_fd = 0.0, loss_scale = 0.0;
        for (size_t t = 0; t < T; t += 5)
            for (size_t j = 0; j < d; j++) {
                double L[2];
                for (int side = 0; side < 2; side++) {
                    gsl_matrix_memcpy(Xh, X);
                    gsl_matrix_set(Xh, t, j, gsl_matrix_get(X, t, j) + (side ? -h : h));
                    rope_rotate(Xh, Y_shift, first);
                    L[side] = 0.0;
                    double l1 = 0.0;
                    for (size_t r = 0; r < T; r++)
                        for (size_t c = 0; c < d; c++) {
                            double term = gsl_matrix_get(G, r, c) * gsl_matrix_get(Y_shift, r, c);
                            L[side] += term;
                            l1 += fabs(term);
                        }
                    loss_scale = fmax(loss_scale, l1);
                }
                worst_fd = fmax(worst_fd, fabs((L[0] - L[1]) / (2 * h) - gsl_matrix_get(dX, t, j)));
            }
        gsl_test_abs(worst_fd, 0.0, 16 * DBL_EPSILON * loss_scale / h,
                     "rope_backward = finite differences, d=%zu (%g)", d, worst_fd);

        // A column view of a wider matrix (one head of a multi-head Q) works.
        gsl_matrix *wide = gsl_matrix_calloc(T, d + 6);
        gsl_matrix_view head = gsl_matrix_submatrix(wide, 0, 3, T, d);
        gsl_matrix_memcpy(&head.matrix, X);
        gsl_test(rope_rotate(&head.matrix, &head.matrix, first), "rope_rotate on a view");
        gsl_test_abs(max_abs_diff_matrix(&head.matrix, Y), 0.0, 0.0, "view rotated like the matrix, d=%zu", d);
        gsl_test_abs(gsl_matrix_get(wide, 5, 2) + gsl_matrix_get(wide, 5, d + 3), 0.0, 0.0, "columns outside the view untouched");

        gsl_matrix_free(wide);
        gsl_matrix_free(G);
        gsl_matrix_free(dX);
        gsl_matrix_free(Xh);
        gsl_matrix_free(in_place);
        gsl_matrix_free(Y_shift);
        gsl_matrix_free(M);
        gsl_vector_free(MtX);
        gsl_matrix_free(X);
        gsl_matrix_free(Y);
        gsl_matrix_free(back);
    }

    // The precomputed table (for trainers): the same numbers as rope_rotate /
    // rope_unrotate from position 0, bit for bit, on a strided view too.
    {
        size_t T = 29, d = 16;
        RopeTable *table = rope_table_new(T + 3, d);
        gsl_matrix *wide = gsl_matrix_alloc(T, 2 * d), *expect = gsl_matrix_alloc(T, d);
        random_gaussian_matrix(wide, rng, 2.385);
        gsl_matrix_view X = gsl_matrix_submatrix(wide, 0, d, T, d);   // columns d..2d-1: tda 2d
        gsl_test(rope_rotate(&X.matrix, expect, 0.0), "rope_rotate for the table check");
        gsl_test(rope_table_rotate(table, &X.matrix, +1), "rope_table_rotate +1");
        gsl_test_abs(max_abs_diff_matrix(&X.matrix, expect), 0.0, 0.0, "table rotation = rope_rotate exactly");
        gsl_test(rope_unrotate(expect, expect, 0.0), "rope_unrotate for the table check");
        gsl_test(rope_table_rotate(table, &X.matrix, -1), "rope_table_rotate -1");
        gsl_test_abs(max_abs_diff_matrix(&X.matrix, expect), 0.0, 0.0, "table unrotation = rope_unrotate exactly");
        gsl_matrix *too_long = gsl_matrix_alloc(T + 4, d), *too_wide = gsl_matrix_alloc(T, d + 2);
        gsl_test(rope_table_rotate(table, too_long, 1) != GSL_EBADLEN, "table: more rows than positions refused");
        gsl_test(rope_table_rotate(table, too_wide, 1) != GSL_EBADLEN, "table: other width refused");
        gsl_test(rope_table_rotate(table, expect, 2) != GSL_EINVAL, "table: direction 2 refused");
        gsl_test(rope_table_new(8, 3) != NULL || rope_table_new(0, 4) != NULL, "table: odd width, no positions refused");
        rope_table_free(table);
        gsl_matrix_free(wide), gsl_matrix_free(expect), gsl_matrix_free(too_long), gsl_matrix_free(too_wide);
    }

    // Error returns instead of crashes.
    gsl_matrix *odd = gsl_matrix_alloc(3, 5), *odd_out = gsl_matrix_alloc(3, 5);
    gsl_test(rope_rotate(odd, odd_out, 0.0) != GSL_EINVAL, "odd width gives GSL_EINVAL");
    gsl_test(rope_backward(odd, odd_out, 0.0) != GSL_EINVAL, "odd width backward gives GSL_EINVAL");
    gsl_matrix *a = gsl_matrix_alloc(3, 4), *b = gsl_matrix_alloc(4, 4);
    gsl_test(rope_rotate(a, b, 0.0) != GSL_EBADLEN, "shape mismatch gives GSL_EBADLEN");
    gsl_test(rope_unrotate(a, b, 0.0) != GSL_EBADLEN, "shape mismatch (inverse) gives GSL_EBADLEN");

    gsl_matrix_free(odd);
    gsl_matrix_free(odd_out);
    gsl_matrix_free(a);
    gsl_matrix_free(b);
    gsl_matrix_free(e);
    gsl_matrix_free(e_rot);
    random_free(rng);
    return gsl_test_summary();
}
