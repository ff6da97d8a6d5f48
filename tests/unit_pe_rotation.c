// unit_pe_rotation.c: the rotation matrices M_R of common/position/pe_table.h
// (pe_rotation_block, pe_rotation_matrix), as chapter 5 uses them.
//
// Tolerances, in multiples of DBL_EPSILON:
//   - a block entry is one cos or sin of an argument a = R/Z_i: a few ulp of 1
//     (BLOCK_TOL = 4 ulp);
//   - an entry of M_R M_S is c_R c_S - s_R s_S: two products and a difference
//     (3 roundings of numbers <= 1), compared with cos(a + b) whose argument
//     a + b is itself rounded to an ulp of |a| + |b|, which cos passes on.
//     So PRODUCT_TOL = 8 * DBL_EPSILON * max(1, |a| + |b|): 3 ulp of 1 for
//     the arithmetic, the argument's ulp, and a factor 2 of room.
//   - M_{-R} = M_R^T is exact: -R/Z_i is exactly -(R/Z_i), cos is even and sin
//     odd in IEEE libm, so the tolerance is 0.
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "position/pe_table.h"

static const double BLOCK_TOL = 4 * DBL_EPSILON;

static double product_tol(double a, double b) { return 8 * DBL_EPSILON * GSL_MAX(1.0, fabs(a) + fabs(b)); }

static double max_abs_diff(const gsl_matrix *a, const gsl_matrix *b) {
    double worst = 0.0;
    for (size_t i = 0; i < a->size1; i++)
        for (size_t j = 0; j < a->size2; j++) worst = fmax(worst, fabs(gsl_matrix_get(a, i, j) - gsl_matrix_get(b, i, j)));
    return worst;
}

int main(void) {
    gsl_set_error_handler_off();

    // The block of pair 1 for d = 16 and R = 2.385: Z_1 = 10000^(2/16) = 10^(1/2),
    // angle a = 2.385/sqrt(10). Doc A's layout [[cos a, sin a], [-sin a, cos a]].
    gsl_matrix *B = gsl_matrix_alloc(2, 2);
    double a = 2.385 / sqrt(10.0);
    gsl_test(pe_rotation_block(2.385, 1, 16, B), "pe_rotation_block R=2.385 i=1 d=16");
    gsl_test_rel(gsl_matrix_get(B, 0, 0), cos(a), BLOCK_TOL, "block[0][0] = cos(2.385/sqrt 10)");
    gsl_test_rel(gsl_matrix_get(B, 0, 1), sin(a), BLOCK_TOL, "block[0][1] = +sin(2.385/sqrt 10)");
    gsl_test_rel(gsl_matrix_get(B, 1, 0), -sin(a), BLOCK_TOL, "block[1][0] = -sin(2.385/sqrt 10)");
    gsl_test_rel(gsl_matrix_get(B, 1, 1), cos(a), BLOCK_TOL, "block[1][1] = cos(2.385/sqrt 10)");
    // The sign convention matters: applied to (sin k/Z, cos k/Z) it moves k forward.
    gsl_vector *pair = gsl_vector_alloc(2), *moved = gsl_vector_alloc(2);
    double k = 23.85, Z = sqrt(10.0);
    gsl_vector_set(pair, 0, sin(k / Z));
    gsl_vector_set(pair, 1, cos(k / Z));
    gsl_blas_dgemv(CblasNoTrans, 1.0, B, pair, 0.0, moved);
    gsl_test_abs(gsl_vector_get(moved, 0), sin((k + 2.385) / Z), 16 * DBL_EPSILON, "block moves sin forward by R");
    gsl_test_abs(gsl_vector_get(moved, 1), cos((k + 2.385) / Z), 16 * DBL_EPSILON, "block moves cos forward by R");
    gsl_blas_dgemv(CblasTrans, 1.0, B, pair, 0.0, moved);   // the transposed block goes back
    gsl_test_abs(gsl_vector_get(moved, 0), sin((k - 2.385) / Z), 16 * DBL_EPSILON, "transposed block moves back");

    // Group laws at every width the workbook uses, high-entropy offsets.
    static const size_t WIDTHS[] = {4, 16, 128, 512};
    static const double R = 2.385, S = -731.7;
    for (size_t w = 0; w < 4; w++) {
        size_t d = WIDTHS[w];
        gsl_matrix *MR = gsl_matrix_alloc(d, d), *MS = gsl_matrix_alloc(d, d), *MRS = gsl_matrix_alloc(d, d);
        gsl_matrix *prod = gsl_matrix_alloc(d, d), *Mneg = gsl_matrix_alloc(d, d), *I = gsl_matrix_alloc(d, d);
        gsl_test(pe_rotation_matrix(R, MR), "M_R d=%zu", d);
        gsl_test(pe_rotation_matrix(S, MS), "M_S d=%zu", d);
        gsl_test(pe_rotation_matrix(R + S, MRS), "M_{R+S} d=%zu", d);
        gsl_test(pe_rotation_matrix(-R, Mneg), "M_{-R} d=%zu", d);
        // M_R M_S = M_{R+S}; the largest angles are those of pair 0 (Z_0 = 1).
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, MR, MS, 0.0, prod);
        gsl_test_abs(max_abs_diff(prod, MRS), 0.0, product_tol(R, S), "M_R M_S = M_{R+S}, d=%zu", d);
        // Orthogonal: M_R^T M_R = I (c^2 + s^2 = 1 per block: 3 roundings of numbers <= 1).
        gsl_matrix_set_identity(I);
        gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, MR, MR, 0.0, prod);
        gsl_test_abs(max_abs_diff(prod, I), 0.0, 4 * DBL_EPSILON, "M_R^T M_R = I, d=%zu", d);
        // M_{-R} = M_R^T exactly.
        gsl_matrix_transpose_memcpy(prod, MR);
        gsl_test_abs(max_abs_diff(prod, Mneg), 0.0, 0.0, "M_{-R} = M_R^T exactly, d=%zu", d);
        gsl_matrix_free(MR);
        gsl_matrix_free(MS);
        gsl_matrix_free(MRS);
        gsl_matrix_free(prod);
        gsl_matrix_free(Mneg);
        gsl_matrix_free(I);
    }

    // Error returns: an odd width for a block, a pair index past d/2 - 1.
    gsl_test(pe_rotation_block(2.385, 0, 7, B) != GSL_EINVAL, "odd d gives GSL_EINVAL");
    gsl_test(pe_rotation_block(2.385, 8, 16, B) != GSL_EINVAL, "i = d/2 gives GSL_EINVAL");
    gsl_matrix *odd = gsl_matrix_alloc(5, 5);
    gsl_test(pe_rotation_matrix(2.385, odd) != GSL_EINVAL, "odd M_R gives GSL_EINVAL");
    gsl_matrix_free(odd);
    gsl_matrix_free(B);
    gsl_vector_free(pair);
    gsl_vector_free(moved);
    return gsl_test_summary();
}
