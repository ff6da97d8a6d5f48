// unit_float_code.c: the float code and its exhaustive scan (common/position/float_code.h).
//
// The scan prunes: it skips every k below K0 on a bound, and computes the
// error in full only where its per-k bound reaches the criterion. Here an
// unpruned brute force (the full error of every position 1, 2, 3, ...)
// must find the same first crossing. The chapter's criterion (half the
// neighbour distance, first passed near k = 10^7 for d = 512) is too far out
// for a unit test under valgrind, so the criteria here are lowered until the
// brute force needs a few thousand positions; the pruning is the same code.
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "position/float_code.h"
#include "position/pe_recurrence.h"

// The first k >= 1 with ||F_k - P_k|| > criterion, every position in turn; -1 if none up to k_last.
static long brute_force_first_crossing(const FloatCode *fc, double criterion, long k_last) {
    gsl_vector *F = gsl_vector_alloc(fc->d), *P = gsl_vector_alloc(fc->d);
    PeRecurrence *rec = pe_recurrence_new(fc->d);
    long first = -1;
    for (long k = 1; k <= k_last && first < 0; k++) {
        float_code_row(fc, (double)k, F);
        pe_recurrence_exact(rec, (double)k, P);
        gsl_vector_sub(P, F);
        if (gsl_blas_dnrm2(P) > criterion) first = k;
    }
    gsl_vector_free(F);
    gsl_vector_free(P);
    pe_recurrence_free(rec);
    return first;
}

int main(void) {
    gsl_set_error_handler_off();
    gsl_test(float_code_new(7) != NULL, "float_code_new rejects an odd width");

    // The row is powf / division / sinf / cosf, all in float.
    FloatCode *fc = float_code_new(512);
    gsl_vector *F = gsl_vector_alloc(512), *G = gsl_vector_alloc(512);
    gsl_test(float_code_row(fc, 2385.0, F), "float_code_row");
    double worst = 0.0;
    for (size_t i = 0; i < 256; i++) {
        float angle = 2385.0f / powf(10000.0f, (2.0f * (float)i) / 512.0f);
        worst = fmax(worst, fabs(gsl_vector_get(F, 2 * i) - (double)sinf(angle)));
        worst = fmax(worst, fabs(gsl_vector_get(F, 2 * i + 1) - (double)cosf(angle)));
    }
    gsl_test_abs(worst, 0.0, 0.0, "float_code_row is sinf/cosf of (float)k / powf(10000, 2i/d)");

    // The error bound k beta + gamma holds at positions spread up to 2^24.
    double worst_ratio = 0.0;
    for (long k = 1; k < FLOAT_CODE_EXACT_INTEGERS; k = k * 3 + 1)
        worst_ratio = fmax(worst_ratio, float_code_error(fc, (double)k) / ((double)k * fc->beta + fc->gamma));
    gsl_test(!(worst_ratio <= 1.0), "error <= k beta + gamma at k = 1, 4, 13, ... < 2^24 (worst ratio %.3f)",
             worst_ratio);

    // Past 2^24 float cannot hold k: positions 2^24 and 2^24 + 1 share one float code.
    gsl_test(float_code_row(fc, 16777216.0, F) || float_code_row(fc, 16777217.0, G), "float_code_row at 2^24");
    gsl_vector_sub(G, F);
    gsl_test_abs(gsl_blas_dnrm2(G), 0.0, 0.0, "F_{2^24 + 1} = F_{2^24}");
    gsl_vector_free(F);
    gsl_vector_free(G);
    float_code_free(fc);

    // The scan against the brute force, at lowered criteria: d = 64 (every
    // pair in the head) and d = 512 (pairs past FLOAT_SCAN_HEAD enter by their bound).
    static const struct {
        size_t d;
        double criterion;
        long k_last;
    } CASES[] = {{64, 1e-3, 40000}, {512, 1e-3, 20000}, {512, 2e-3, 30000}};
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        fc = float_code_new(CASES[c].d);
        FloatScan scan;
        gsl_test(float_code_scan(fc, CASES[c].criterion, CASES[c].k_last, &scan), "float_code_scan");
        long brute = brute_force_first_crossing(fc, CASES[c].criterion, CASES[c].k_last);
        gsl_test(brute < 0, "the brute force finds a crossing (d = %zu, criterion %g)", CASES[c].d, CASES[c].criterion);
        gsl_test(scan.first_crossing != brute, "scan's first crossing %ld = brute force's %ld (d = %zu, criterion %g)",
                 scan.first_crossing, brute, CASES[c].d, CASES[c].criterion);
        gsl_test(!(scan.scan_first <= brute), "K0 = %ld lies below the crossing", scan.scan_first);
        gsl_test(!(scan.full_evaluations < brute / 100), "the scan computed %ld errors in full (pruned)",
                 scan.full_evaluations);
        // Errors this small are far below the codes' distances: no misread.
        gsl_test(!scan.misread_decided || scan.first_misread != -1, "no misread decided (d = %zu)", CASES[c].d);
        float_code_free(fc);
    }
    return gsl_test_summary();
}
