// unit_pe_relative.c: the relative part of a position-position score and the
// grid measures of how much of a map the offset m - n explains
// (common/position/pe_relative.h).
//
// Tolerances: the projection averages two entries (exact up to one rounding);
// products and dot products of d terms of size ~1 are good to d ulp, so
// 64 d DBL_EPSILON leaves room. Grid shares are ratios of sums of N^2 squares.
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "base/random.h"
#include "position/pe_relative.h"
#include "position/pe_table.h"

enum { D = 16, N = 64 };
static const double TOL = 64.0 * D * DBL_EPSILON;

static double frobenius_dot(const gsl_matrix *a, const gsl_matrix *b) {
    double s = 0.0;
    for (size_t i = 0; i < a->size1; i++)
        for (size_t j = 0; j < a->size2; j++) s += gsl_matrix_get(a, i, j) * gsl_matrix_get(b, i, j);
    return s;
}

static double max_abs_diff(const gsl_matrix *a, const gsl_matrix *b) {
    double w = 0.0;
    for (size_t i = 0; i < a->size1; i++)
        for (size_t j = 0; j < a->size2; j++) w = fmax(w, fabs(gsl_matrix_get(a, i, j) - gsl_matrix_get(b, i, j)));
    return w;
}

int main(void) {
    gsl_set_error_handler_off();
    gsl_rng *rng = random_new(20170612);
    gsl_matrix *A = gsl_matrix_alloc(D, D), *C = gsl_matrix_alloc(D, D), *C2 = gsl_matrix_alloc(D, D);
    gsl_matrix *rest = gsl_matrix_alloc(D, D), *M = gsl_matrix_alloc(D, D);
    gsl_matrix *MC = gsl_matrix_alloc(D, D), *CM = gsl_matrix_alloc(D, D);

    // The identity commutes with everything: its own projection.
    gsl_matrix_set_identity(A);
    gsl_test(pe_relative_part(A, C), "pe_relative_part(I)");
    gsl_test_abs(max_abs_diff(A, C), 0.0, 0.0, "the projection of I is I");

    random_gaussian_matrix(A, rng, 1.0);
    gsl_test(pe_relative_part(A, C), "pe_relative_part(random A)");
    // A projection: idempotent, and the remainder is orthogonal to the image.
    gsl_test(pe_relative_part(C, C2), "pe_relative_part(C)");
    gsl_test_abs(max_abs_diff(C, C2), 0.0, TOL, "projecting twice changes nothing");
    gsl_matrix_memcpy(rest, A);
    gsl_matrix_sub(rest, C);
    gsl_test_abs(frobenius_dot(rest, C), 0.0, TOL * D, "A - C is orthogonal to C");
    gsl_test(pe_relative_part(rest, C2), "pe_relative_part(A - C)");
    gsl_test_abs(frobenius_dot(C2, C2), 0.0, TOL, "A - C has no relative part");
    // C commutes with M_R for offsets of both signs, A does not.
    static const double OFFSETS[] = {1.0, -3.5, 77.0};
    for (size_t o = 0; o < 3; o++) {
        gsl_test(pe_rotation_matrix(OFFSETS[o], M), "M_R");
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, M, C, 0.0, MC);
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, C, M, 0.0, CM);
        gsl_test_abs(max_abs_diff(MC, CM), 0.0, TOL * 8, "C M_R = M_R C, R = %g", OFFSETS[o]);
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, M, A, 0.0, MC);
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, A, M, 0.0, CM);
        gsl_test(max_abs_diff(MC, CM) < 0.01, "A M_R != M_R A, R = %g", OFFSETS[o]);
    }
    // P_n^T C P_m depends on m - n only: compare (n, m) = (500, 503) with (0, 3).
    gsl_vector *Pa = gsl_vector_alloc(D), *Pb = gsl_vector_alloc(D), *u = gsl_vector_alloc(D);
    double s_far, s_near;
    pe_encode(500.0, Pa);
    pe_encode(503.0, Pb);
    gsl_blas_dgemv(CblasNoTrans, 1.0, C, Pb, 0.0, u);
    gsl_blas_ddot(Pa, u, &s_far);
    pe_encode(0.0, Pa);
    pe_encode(3.0, Pb);
    gsl_blas_dgemv(CblasNoTrans, 1.0, C, Pb, 0.0, u);
    gsl_blas_ddot(Pa, u, &s_near);
    gsl_test_abs(s_far, s_near, TOL * 503.0, "P_500 C P_503 = P_0 C P_3");

    // Bad shapes.
    gsl_matrix *odd = gsl_matrix_alloc(3, 3), *wide = gsl_matrix_alloc(4, 6);
    gsl_test(pe_relative_part(odd, odd) != GSL_EBADLEN, "odd size: GSL_EBADLEN");
    gsl_test(pe_relative_part(wide, wide) != GSL_EBADLEN, "not square: GSL_EBADLEN");
    gsl_test(pe_relative_part(A, odd) != GSL_EBADLEN, "mismatched: GSL_EBADLEN");

    // Grid measures on (N,N) maps F[n][m].
    gsl_matrix *F = gsl_matrix_alloc(N, N), *G = gsl_matrix_alloc(N, N), *noise = gsl_matrix_alloc(N, N);
    for (size_t n = 0; n < N; n++)
        for (size_t m = 0; m < N; m++) gsl_matrix_set(F, n, m, (double)m);
    // The flaw of the diagonal eta^2 on a square grid: F = m "is explained" about half by m - n.
    double raw_m = offset_share(F);
    gsl_test(!(raw_m > 0.45 && raw_m < 0.55), "F = m: diagonal eta^2 about 1/2 (%g)", raw_m);
    gsl_test(!isnan(offset_share_interaction(F)), "F = m is additive: nothing left after double centring");
    for (size_t n = 0; n < N; n++)
        for (size_t m = 0; m < N; m++) gsl_matrix_set(F, n, m, (double)m - (double)n);
    gsl_test_abs(offset_share(F), 1.0, TOL, "F = m - n: diagonal eta^2 is 1");
    for (size_t n = 0; n < N; n++)
        for (size_t m = 0; m < N; m++) gsl_matrix_set(F, n, m, ((double)m - (double)n) * ((double)m - (double)n));
    // Its interaction -2 (m - mean)(n - mean) is no function of m - n alone: a pure function of
    // the offset scores well above noise but below 1 on the double-centred share.
    double sq = offset_share_interaction(F);
    gsl_test(!(sq > 0.6 && sq < 0.9), "F = (m - n)^2: double-centred share between 0.6 and 0.9 (%g)", sq);
    // Noise plus a big function of m: the double-centred share ignores the m part exactly.
    random_gaussian_matrix(noise, rng, 1.0);
    for (size_t n = 0; n < N; n++)
        for (size_t m = 0; m < N; m++) gsl_matrix_set(G, n, m, gsl_matrix_get(noise, n, m) + 100.0 * (double)m);
    double base = offset_share_interaction(noise), with_m = offset_share_interaction(G);
    gsl_test_abs(with_m, base, 1e-9, "noise + 100 m: same interaction share as the noise (%g)", base);
    gsl_test(!(offset_share(G) > 0.45), "noise + 100 m: diagonal eta^2 still about 1/2 (%g)", offset_share(G));
    gsl_test(!(base < 0.1), "pure noise: small interaction share (%g)", base);
    // variance_share: a part of a whole.
    gsl_matrix_memcpy(F, noise);
    gsl_matrix_scale(F, 0.5);
    gsl_test_abs(variance_share(F, noise), 0.25, TOL, "half of the map carries a quarter of its variance");

    gsl_matrix_free(A);
    gsl_matrix_free(C);
    gsl_matrix_free(C2);
    gsl_matrix_free(rest);
    gsl_matrix_free(M);
    gsl_matrix_free(MC);
    gsl_matrix_free(CM);
    gsl_matrix_free(odd);
    gsl_matrix_free(wide);
    gsl_matrix_free(F);
    gsl_matrix_free(G);
    gsl_matrix_free(noise);
    gsl_vector_free(Pa);
    gsl_vector_free(Pb);
    gsl_vector_free(u);
    random_free(rng);
    return gsl_test_summary();
}
