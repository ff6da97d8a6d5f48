// unit_pe_offset.c: rows of the sinusoidal table as a function of their
// offset (common/position/pe_offset.h).
//
// Tolerances: a sum of d/2 cosines or squared sines, each correct to a few
// ulp, is correct to about d ulp of its size; the direct distances from table
// rows carry the rounding of arguments up to k/Z_0 ~ 2.4e3 rad, so they get
// k * 16 * DBL_EPSILON per entry, times d entries.
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "position/pe_offset.h"
#include "position/pe_table.h"

static const double ENTRY_TOL = 16 * DBL_EPSILON;

int main(void) {
    gsl_set_error_handler_off();

    // Known values, d = 4: Z_0 = 1, Z_1 = 10000^(2/4) = 100.
    gsl_test_rel(pe_offset_dot(1.0, 4), cos(1.0) + cos(0.01), ENTRY_TOL, "P_k.P_{k+1} = cos 1 + cos 0.01 for d=4");
    gsl_test_rel(pe_offset_similarity(0.0, 128), 1.0, ENTRY_TOL, "s(0) = 1");
    gsl_test_rel(pe_offset_distance2(1.0, 4), 4 * (pow(sin(0.5), 2) + pow(sin(0.005), 2)), ENTRY_TOL,
                 "||P_k - P_{k+1}||^2 = 4 (sin^2 0.5 + sin^2 0.005) for d=4");
    gsl_test_abs(pe_offset_distance2(0.0, 16), 0.0, 0.0, "distance at R = 0 is exactly 0");
    // R = 2*pi*Z_0 turns pair 0 exactly once: its term vanishes (to rounding of 2*pi).
    gsl_test_abs(pe_offset_distance2(2 * M_PI, 2), 0.0, ENTRY_TOL, "one full turn of pair 0 (d=2)");

    // Properties against the table itself, at a high-entropy position k = 2385.0
    // and offsets R = 2.385, 23.85, -238.5.
    static const size_t WIDTHS[] = {4, 16, 128, 512};
    static const double OFFSETS[] = {2.385, 23.85, -238.5};
    double k = 2385.0;
    for (size_t w = 0; w < 4; w++) {
        size_t d = WIDTHS[w];
        gsl_vector *P = gsl_vector_alloc(d), *Q = gsl_vector_alloc(d);
        gsl_test(pe_encode(k, P), "pe_encode d=%zu", d);
        for (size_t o = 0; o < 3; o++) {
            double R = OFFSETS[o];
            gsl_test(pe_encode(k + R, Q), "pe_encode k+R");
            double dot;
            gsl_blas_ddot(P, Q, &dot);
            double tol = (double)d * (k + fabs(R)) * ENTRY_TOL;
            gsl_test_abs(pe_offset_dot(R, d), dot, tol, "P_k.P_{k+R} = sum cos(R/Z_i), d=%zu R=%g", d, R);
            gsl_test_abs(pe_offset_similarity(R, d), dot / (d / 2.0), tol, "s(R), d=%zu R=%g", d, R);
            gsl_vector_sub(Q, P);
            double dist2;
            gsl_blas_ddot(Q, Q, &dist2);
            gsl_test_abs(pe_offset_distance2(R, d), dist2, tol, "||P_k - P_{k+R}||^2, d=%zu R=%g", d, R);
            // the identity ||P_a - P_b||^2 = d - 2 P_a.P_b, in the offset form
            gsl_test_abs(pe_offset_distance2(R, d), d - 2 * pe_offset_dot(R, d), (double)d * ENTRY_TOL,
                         "distance2 = d - 2 dot, d=%zu R=%g", d, R);
            // symmetric in R
            gsl_test_rel(pe_offset_dot(-R, d), pe_offset_dot(R, d), (double)d * ENTRY_TOL, "dot(-R) = dot(R)");
        }
        gsl_vector_free(P);
        gsl_vector_free(Q);
    }

    // Whole curves agree with the single-offset functions. R/Z_i differs from
    // R*(1/Z_i) by an ulp of the argument (up to ~2.4e3 rad here).
    for (size_t w = 0; w < 4; w++) {
        size_t d = WIDTHS[w];
        gsl_vector *s = gsl_vector_alloc(50), *D = gsl_vector_alloc(50);
        gsl_test(pe_offset_similarity_curve(2385.0, d, s), "similarity curve d=%zu", d);
        gsl_test(pe_offset_distance2_curve(2385.0, d, D), "distance2 curve d=%zu", d);
        double worst_s = 0, worst_D = 0;
        for (size_t r = 0; r < 50; r++) {
            worst_s = fmax(worst_s, fabs(gsl_vector_get(s, r) - pe_offset_similarity(2385.0 + r, d)));
            worst_D = fmax(worst_D, fabs(gsl_vector_get(D, r) - pe_offset_distance2(2385.0 + r, d)));
        }
        gsl_test_abs(worst_s, 0.0, 2435.0 * ENTRY_TOL, "similarity curve = s(R), d=%zu", d);
        gsl_test_abs(worst_D, 0.0, d * 2435.0 * ENTRY_TOL, "distance2 curve = D^2(R), d=%zu", d);
        gsl_vector_free(s);
        gsl_vector_free(D);
    }
    gsl_vector *bad = gsl_vector_alloc(3);
    gsl_test(pe_offset_similarity_curve(0.0, 7, bad) != GSL_EINVAL, "odd d gives GSL_EINVAL (curve)");
    gsl_test(pe_offset_distance2_curve(0.0, 0, bad) != GSL_EINVAL, "d = 0 gives GSL_EINVAL (curve)");
    gsl_vector_free(bad);

    // Bad widths give NAN instead of a wrong number.
    gsl_test(!isnan(pe_offset_dot(1.0, 3)), "odd d gives NAN dot");
    gsl_test(!isnan(pe_offset_similarity(1.0, 0)), "d = 0 gives NAN similarity");
    gsl_test(!isnan(pe_offset_distance2(1.0, 5)), "odd d gives NAN distance");
    return gsl_test_summary();
}
