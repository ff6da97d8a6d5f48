// unit_pe_recurrence.c: the rotation generator (common/position/pe_recurrence.h).
//
// Tolerances: pe_recurrence_exact is within about one ulp of the exact value
// (compared here with sinl/cosl, which see the same long double angle), so
// 4*DBL_EPSILON. One step of the recurrence adds a few ulp (two products, a
// sum, the rounding of c_i and s_i): 16*DBL_EPSILON per step, so m steps stay
// within m * 16*DBL_EPSILON (the measured drift is near 1 ulp per step).
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "position/pe_recurrence.h"
#include "position/pe_table.h"

static const double EXACT_TOL = 4 * DBL_EPSILON;
static const double STEP_TOL = 16 * DBL_EPSILON;

static double max_abs_diff(const gsl_vector *a, const gsl_vector *b) {
    double worst = 0.0;
    for (size_t j = 0; j < a->size; j++) worst = fmax(worst, fabs(gsl_vector_get(a, j) - gsl_vector_get(b, j)));
    return worst;
}

int main(void) {
    gsl_set_error_handler_off();

    // pe_recurrence_exact against sinl/cosl of the same long double angle, at
    // high-entropy positions up to 10^7, and at 2.385e12, where the fast pairs
    // take the sinl/cosl path and the slow ones the two-part reduction.
    static const double POSITIONS[] = {0.0, 2.385, 2385.0, 65535.385, 9876543.0, -2385.5, 2.385e12};
    for (size_t w = 0; w < 3; w++) {
        size_t d = (size_t[]){4, 16, 512}[w];
        PeRecurrence *rec = pe_recurrence_new(d);
        gsl_test(rec == NULL, "pe_recurrence_new d=%zu", d);
        gsl_vector *P = gsl_vector_alloc(d), *direct = gsl_vector_alloc(d);
        for (size_t p = 0; p < sizeof POSITIONS / sizeof POSITIONS[0]; p++) {
            double k = POSITIONS[p];
            gsl_test(pe_recurrence_exact(rec, k, P), "pe_recurrence_exact k=%g", k);
            double worst = 0.0;
            for (size_t i = 0; i < d / 2; i++) {
                long double angle = (long double)k * powl(10000.0L, -(2.0L * (long double)i) / (long double)d);
                worst = fmax(worst, fabs(gsl_vector_get(P, 2 * i) - (double)sinl(angle)));
                worst = fmax(worst, fabs(gsl_vector_get(P, 2 * i + 1) - (double)cosl(angle)));
            }
            gsl_test_abs(worst, 0.0, EXACT_TOL, "exact P_k vs sinl/cosl, d=%zu k=%g", d, k);
            // ... and against the double formula, which is off by ~k * 2^-53 in the angle.
            gsl_test(pe_encode(k, direct), "pe_encode");
            gsl_test_abs(max_abs_diff(P, direct), 0.0, (1.0 + fabs(k)) * 4 * DBL_EPSILON,
                         "exact P_k vs pe_encode within the double formula's rounding, d=%zu k=%g", d, k);
        }
        // The convenience form gives the same bits.
        gsl_vector *Q = gsl_vector_alloc(d);
        gsl_test(pe_encode_reference(2385.0, Q), "pe_encode_reference");
        gsl_test(pe_recurrence_exact(rec, 2385.0, P), "pe_recurrence_exact");
        gsl_test_abs(max_abs_diff(P, Q), 0.0, 0.0, "pe_encode_reference = pe_recurrence_exact, d=%zu", d);

        // One step is M_1 (pe_rotation_matrix) times the row, and lands on P_{k+1}.
        gsl_matrix *M = gsl_matrix_alloc(d, d);
        gsl_vector *next = gsl_vector_alloc(d), *MP = gsl_vector_alloc(d);
        gsl_test(pe_rotation_matrix(1.0, M), "pe_rotation_matrix");
        gsl_test(pe_recurrence_exact(rec, 2385.0, P), "exact P_2385");
        gsl_test(pe_recurrence_step(rec, P, next), "pe_recurrence_step");
        gsl_blas_dgemv(CblasNoTrans, 1.0, M, P, 0.0, MP);
        gsl_test_abs(max_abs_diff(next, MP), 0.0, 2 * DBL_EPSILON, "step = M_1 P_k, d=%zu", d);
        gsl_test(pe_recurrence_exact(rec, 2386.0, Q), "exact P_2386");
        gsl_test_abs(max_abs_diff(next, Q), 0.0, STEP_TOL, "M_1 P_2385 = P_2386, d=%zu", d);

        gsl_vector_free(P);
        gsl_vector_free(Q);
        gsl_vector_free(direct);
        gsl_vector_free(next);
        gsl_vector_free(MP);
        gsl_matrix_free(M);
        pe_recurrence_free(rec);
    }

    // The filled table: anchors are exact rows, the rest within m steps of drift,
    // and |row|^2 = d/2 (a rotation keeps the length) to the same order.
    {
        size_t d = 16, n = 300, B = 100;
        double first_k = 2385.0;
        gsl_matrix *T = gsl_matrix_alloc(n, d);
        gsl_vector *exact = gsl_vector_alloc(d);
        PeRecurrence *rec = pe_recurrence_new(d);
        gsl_test(pe_recurrence_fill(T, first_k, B), "pe_recurrence_fill");
        double worst_anchor = 0.0, worst_ratio = 0.0, worst_norm = 0.0;
        for (size_t r = 0; r < n; r++) {
            gsl_vector_view row = gsl_matrix_row(T, r);
            pe_recurrence_exact(rec, first_k + (double)r, exact);
            double err = max_abs_diff(&row.vector, exact);
            size_t steps = r % B;
            if (steps == 0)
                worst_anchor = fmax(worst_anchor, err);
            else
                worst_ratio = fmax(worst_ratio, err / ((double)steps * STEP_TOL));
            double norm2;
            gsl_blas_ddot(&row.vector, &row.vector, &norm2);
            worst_norm = fmax(worst_norm, fabs(norm2 - d / 2.0) / (d * (1.0 + (double)steps) * STEP_TOL));
        }
        gsl_test_abs(worst_anchor, 0.0, 0.0, "anchor rows are the exact rows");
        gsl_test(worst_ratio > 1.0, "rows within steps * 16 ulp of exact (worst ratio %g)", worst_ratio);
        gsl_test(worst_norm > 1.0, "|row|^2 = d/2 within the drift (worst ratio %g)", worst_norm);

        // Filling in pieces that start on anchor rows gives the same bits.
        gsl_matrix *pieces = gsl_matrix_alloc(n, d);
        for (size_t start = 0; start < n; start += 2 * B) {
            size_t rows = start + 2 * B <= n ? 2 * B : n - start;
            gsl_matrix_view part = gsl_matrix_submatrix(pieces, start, 0, rows, d);
            gsl_test(pe_recurrence_fill(&part.matrix, first_k + (double)start, B), "fill piece at %zu", start);
        }
        double differ = 0.0;
        for (size_t r = 0; r < n; r++)
            for (size_t j = 0; j < d; j++)
                differ = fmax(differ, fabs(gsl_matrix_get(T, r, j) - gsl_matrix_get(pieces, r, j)));
        gsl_test_abs(differ, 0.0, 0.0, "pieces starting on anchors = the whole fill");

        // The hot loop equals pe_recurrence_step applied row by row (same bits).
        gsl_matrix *pure = gsl_matrix_alloc(50, d);
        gsl_test(pe_recurrence_fill(pure, first_k, 1000), "pure recurrence fill");
        gsl_vector *cur = gsl_vector_alloc(d), *nxt = gsl_vector_alloc(d);
        pe_recurrence_exact(rec, first_k, cur);
        double hot_vs_step = 0.0;
        for (size_t r = 1; r < 50; r++) {
            pe_recurrence_step(rec, cur, nxt);
            gsl_vector_memcpy(cur, nxt);
            gsl_vector_view row = gsl_matrix_row(pure, r);
            hot_vs_step = fmax(hot_vs_step, max_abs_diff(&row.vector, cur));
        }
        gsl_test_abs(hot_vs_step, 0.0, 0.0, "hot loop = pe_recurrence_step, bit for bit");

        // A submatrix (tda != d) is filled row by row all the same.
        gsl_matrix *wide = gsl_matrix_calloc(20, 2 * d);
        gsl_matrix_view left = gsl_matrix_submatrix(wide, 0, 0, 20, d);
        gsl_test(pe_recurrence_fill(&left.matrix, first_k, 7), "fill a submatrix");
        gsl_matrix *head_by_7 = gsl_matrix_alloc(20, d);
        gsl_test(pe_recurrence_fill(head_by_7, first_k, 7), "fill 20 rows");
        double sub_diff = 0.0, right_touched = 0.0;
        for (size_t r = 0; r < 20; r++)
            for (size_t j = 0; j < d; j++) {
                sub_diff = fmax(sub_diff, fabs(gsl_matrix_get(&left.matrix, r, j) - gsl_matrix_get(head_by_7, r, j)));
                right_touched = fmax(right_touched, fabs(gsl_matrix_get(wide, r, d + j)));
            }
        gsl_test_abs(sub_diff, 0.0, 0.0, "submatrix fill = plain fill");
        gsl_test_abs(right_touched, 0.0, 0.0, "columns outside the submatrix untouched");

        gsl_matrix_free(T);
        gsl_matrix_free(pieces);
        gsl_matrix_free(pure);
        gsl_matrix_free(wide);
        gsl_matrix_free(head_by_7);
        gsl_vector_free(exact);
        gsl_vector_free(cur);
        gsl_vector_free(nxt);
        pe_recurrence_free(rec);
    }

    // Error returns instead of crashes.
    gsl_test(pe_recurrence_new(5) != NULL, "odd width gives NULL");
    gsl_test(pe_recurrence_new(0) != NULL, "zero width gives NULL");
    gsl_matrix *odd = gsl_matrix_alloc(3, 5), *ok = gsl_matrix_alloc(3, 4);
    gsl_test(pe_recurrence_fill(odd, 0.0, 4) != GSL_EINVAL, "odd table width gives GSL_EINVAL");
    gsl_test(pe_recurrence_fill(ok, 0.0, 0) != GSL_EINVAL, "B = 0 gives GSL_EINVAL");
    gsl_vector *v3 = gsl_vector_alloc(3), *v4 = gsl_vector_alloc(4), *v6 = gsl_vector_alloc(6);
    gsl_test(pe_encode_reference(1.0, v3) != GSL_EINVAL, "odd reference width gives GSL_EINVAL");
    PeRecurrence *rec4 = pe_recurrence_new(4);
    gsl_test(pe_recurrence_exact(rec4, 1.0, v6) != GSL_EBADLEN, "exact row of the wrong width gives GSL_EBADLEN");
    gsl_test(pe_recurrence_step(rec4, v4, v6) != GSL_EBADLEN, "step into the wrong width gives GSL_EBADLEN");
    pe_recurrence_free(rec4);
    pe_recurrence_free(NULL);   // allowed, like free(NULL)
    gsl_matrix_free(odd);
    gsl_matrix_free(ok);
    gsl_vector_free(v3);
    gsl_vector_free(v4);
    gsl_vector_free(v6);
    return gsl_test_summary();
}
