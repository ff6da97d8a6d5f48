// unit_pe_table.c: the sinusoidal table (common/position/pe_table.h).
//
// Tolerances: values computed by one sin/cos of an argument below ~1e4 are
// correct to a few ulp of 1, so 16*DBL_EPSILON ("a few ulp, with room") for
// single entries; sums over d entries get d*DBL_EPSILON.
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "position/pe_table.h"

static const double ENTRY_TOL = 16 * DBL_EPSILON;

int main(void) {
    gsl_set_error_handler_off();

    // Known values (Doc B §4-2 uses d = 4): Z_1 = 10000^(2/4) = 100, so
    // P_1[2] = sin(1/100) and P_1[3] = cos(1/100).
    gsl_test_rel(pe_denominator(1, 4), 100.0, ENTRY_TOL, "Z_1 for d=4 is 100");
    gsl_test_rel(pe_denominator(0, 128), 1.0, ENTRY_TOL, "Z_0 is 1");
    gsl_test_rel(pe_period(63, 128), 2 * M_PI * pow(10000.0, 126.0 / 128.0), ENTRY_TOL, "period of pair 63, d=128");
    gsl_vector *P4 = gsl_vector_alloc(4);
    gsl_test(pe_encode(1.0, P4), "pe_encode d=4");
    gsl_test_abs(gsl_vector_get(P4, 0), sin(1.0), ENTRY_TOL, "P_1[0] = sin 1");
    gsl_test_abs(gsl_vector_get(P4, 1), cos(1.0), ENTRY_TOL, "P_1[1] = cos 1");
    gsl_test_abs(gsl_vector_get(P4, 2), sin(0.01), ENTRY_TOL, "P_1[2] = sin(10000^(-1/2))");
    gsl_test_abs(gsl_vector_get(P4, 3), cos(0.01), ENTRY_TOL, "P_1[3] = cos(10000^(-1/2))");

    // Properties on a high-entropy position k = 2385.0 and offset R = 2.385.
    static const size_t WIDTHS[] = {4, 16, 128, 512};
    for (size_t w = 0; w < 4; w++) {
        size_t d = WIDTHS[w];
        gsl_vector *P = gsl_vector_alloc(d), *Q = gsl_vector_alloc(d), *MP = gsl_vector_alloc(d);
        gsl_matrix *M = gsl_matrix_alloc(d, d);
        double k = 2385.0, R = 2.385;
        gsl_test(pe_encode(k, P), "pe_encode d=%zu", d);
        double norm2;
        gsl_blas_ddot(P, P, &norm2);
        gsl_test_rel(norm2, d / 2.0, d * DBL_EPSILON, "|P_k|^2 = d/2 for d=%zu", d);
        // P_{k+R} = M_R P_k
        gsl_test(pe_encode(k + R, Q), "pe_encode k+R");
        gsl_test(pe_rotation_matrix(R, M), "pe_rotation_matrix d=%zu", d);
        gsl_blas_dgemv(CblasNoTrans, 1.0, M, P, 0.0, MP);
        double worst = 0;
        for (size_t j = 0; j < d; j++) worst = fmax(worst, fabs(gsl_vector_get(MP, j) - gsl_vector_get(Q, j)));
        // k/Z_i is up to ~2385 rad: the argument's rounding (2385 * 2^-53 ~ 3e-13)
        // shows up in both sides, so allow 2385 * 16 * DBL_EPSILON.
        gsl_test_abs(worst, 0.0, k * ENTRY_TOL, "M_R P_k = P_{k+R} for d=%zu (max error %g)", d, worst);
        // M_R is orthogonal: M M^T = I
        gsl_matrix *MMt = gsl_matrix_alloc(d, d);
        gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, M, M, 0.0, MMt);
        double off = 0;
        for (size_t i = 0; i < d; i++)
            for (size_t j = 0; j < d; j++) off = fmax(off, fabs(gsl_matrix_get(MMt, i, j) - (i == j)));
        gsl_test_abs(off, 0.0, 4 * DBL_EPSILON, "M_R orthogonal d=%zu", d);
        gsl_matrix_free(MMt);
        gsl_vector_free(P);
        gsl_vector_free(Q);
        gsl_vector_free(MP);
        gsl_matrix_free(M);
    }

    // The table: row r is P_{first_k + r}.
    gsl_matrix *T = gsl_matrix_alloc(5, 8);
    gsl_vector *P8 = gsl_vector_alloc(8);
    gsl_test(pe_table_fill(T, 10.0), "pe_table_fill");
    gsl_test(pe_encode(13.0, P8), "pe_encode 13");
    for (size_t j = 0; j < 8; j++)
        gsl_test_abs(gsl_matrix_get(T, 3, j), gsl_vector_get(P8, j), 0.0, "table row 3 = P_13, column %zu", j);
    // A width whose pairs the fill takes in three blocks (64, 64, 3): every
    // row is pe_encode's, bit for bit.
    gsl_matrix *T134 = gsl_matrix_alloc(7, 134);
    gsl_vector *P134 = gsl_vector_alloc(134);
    gsl_test(pe_table_fill(T134, 123.5), "pe_table_fill d=134");
    double fill_vs_encode = 0.0;
    for (size_t r = 0; r < 7; r++) {
        gsl_test(pe_encode(123.5 + (double)r, P134), "pe_encode d=134");
        for (size_t j = 0; j < 134; j++)
            fill_vs_encode = fmax(fill_vs_encode, fabs(gsl_matrix_get(T134, r, j) - gsl_vector_get(P134, j)));
    }
    gsl_test_abs(fill_vs_encode, 0.0, 0.0, "pe_table_fill = pe_encode row by row, d=134");
    gsl_matrix_free(T134);
    gsl_vector_free(P134);

    // Error returns instead of crashes.
    gsl_vector *odd = gsl_vector_alloc(3);
    gsl_test(pe_encode(1.0, odd) != GSL_EINVAL, "odd width gives GSL_EINVAL");
    gsl_matrix *odd_table = gsl_matrix_alloc(2, 5);
    gsl_test(pe_table_fill(odd_table, 0.0) != GSL_EINVAL, "odd table width gives GSL_EINVAL");
    gsl_matrix *not2x2 = gsl_matrix_alloc(3, 2);
    gsl_test(pe_rotation_block(1.0, 0, 4, not2x2) != GSL_EBADLEN, "3x2 block gives GSL_EBADLEN");
    gsl_matrix *block = gsl_matrix_alloc(2, 2);
    gsl_test(pe_rotation_block(1.0, 2, 4, block) != GSL_EINVAL, "pair index past d/2 gives GSL_EINVAL");
    gsl_test(!isnan(pe_denominator(0, 5)), "odd d gives NAN denominator");
    gsl_matrix *rect = gsl_matrix_alloc(4, 6);
    gsl_test(pe_rotation_matrix(1.0, rect) != GSL_EBADLEN, "non-square M_R gives GSL_EBADLEN");

    gsl_vector_free(P4);
    gsl_vector_free(P8);
    gsl_vector_free(odd);
    gsl_matrix_free(T);
    gsl_matrix_free(odd_table);
    gsl_matrix_free(not2x2);
    gsl_matrix_free(block);
    gsl_matrix_free(rect);
    return gsl_test_summary();
}
