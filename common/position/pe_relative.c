// pe_relative.c: see pe_relative.h.
#include "position/pe_relative.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_statistics_double.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

int pe_relative_part(const gsl_matrix *A, gsl_matrix *C) {
    size_t d = A->size1;
    if (A->size2 != d || C->size1 != d || C->size2 != d || d < 2 || d % 2 != 0) return GSL_EBADLEN;
    // Pair i's block of A is [[p, q], [r, s]]; the nearest a I + b J (J = [[0, 1], [-1, 0]])
    // has a = (p + s)/2, b = (q - r)/2 (I and J are orthogonal, each of norm^2 2).
    double *ab = malloc(d * sizeof *ab);   // (d/2) pairs (a_i, b_i)
    if (ab == NULL) return GSL_ENOMEM;
    for (size_t i = 0; i < d / 2; i++) {
        size_t j = 2 * i;
        ab[j] = 0.5 * (gsl_matrix_get(A, j, j) + gsl_matrix_get(A, j + 1, j + 1));
        ab[j + 1] = 0.5 * (gsl_matrix_get(A, j, j + 1) - gsl_matrix_get(A, j + 1, j));
    }
    gsl_matrix_set_zero(C);
    for (size_t i = 0; i < d / 2; i++) {
        size_t j = 2 * i;
        gsl_matrix_set(C, j, j, ab[j]);
        gsl_matrix_set(C, j + 1, j + 1, ab[j]);
        gsl_matrix_set(C, j, j + 1, ab[j + 1]);
        gsl_matrix_set(C, j + 1, j, -ab[j + 1]);
    }
    free(ab);
    return GSL_SUCCESS;
}

// Sum of squares about the mean of a whole matrix (any tda).
static double centred_ss(const gsl_matrix *F) {
    double mean = 0.0, ss = 0.0;
    size_t count = F->size1 * F->size2;
    for (size_t a = 0; a < F->size1; a++)
        for (size_t b = 0; b < F->size2; b++) mean += gsl_matrix_get(F, a, b) / (double)count;
    for (size_t a = 0; a < F->size1; a++)
        for (size_t b = 0; b < F->size2; b++) ss += (gsl_matrix_get(F, a, b) - mean) * (gsl_matrix_get(F, a, b) - mean);
    return ss;
}

double variance_share(const gsl_matrix *part, const gsl_matrix *whole) {
    double total = centred_ss(whole);
    return total > 0.0 ? centred_ss(part) / total : NAN;
}

// Between-diagonal sum of squares over the total (N,N), F square.
static double diagonal_eta2(const gsl_matrix *F) {
    size_t N = F->size1, n_diag = 2 * N - 1;
    if (N == 0 || F->size2 != N) return NAN;
    double *sum = calloc(n_diag, sizeof *sum);
    if (sum == NULL) return NAN;
    double mean = 0.0;
    for (size_t n = 0; n < N; n++)
        for (size_t m = 0; m < N; m++) {
            sum[m + N - 1 - n] += gsl_matrix_get(F, n, m);
            mean += gsl_matrix_get(F, n, m) / (double)(N * N);
        }
    double between = 0.0;
    for (size_t g = 0; g < n_diag; g++) {
        double count = (double)(N - (g < N ? N - 1 - g : g - (N - 1)));   // diagonal length
        double diag_mean = sum[g] / count;
        between += count * (diag_mean - mean) * (diag_mean - mean);
    }
    free(sum);
    double total = centred_ss(F);
    return total > 0.0 ? between / total : NAN;
}

double offset_share(const gsl_matrix *F) { return diagonal_eta2(F); }

double offset_share_interaction(const gsl_matrix *F) {
    size_t N = F->size1;
    if (N == 0 || F->size2 != N) return NAN;
    gsl_matrix *R = gsl_matrix_alloc(N, N);
    double *row = calloc(N, sizeof *row), *col = calloc(N, sizeof *col);
    if (R == NULL || row == NULL || col == NULL) {
        if (R) gsl_matrix_free(R);
        free(row);
        free(col);
        return NAN;
    }
    double mean = 0.0, scale = 0.0;
    for (size_t n = 0; n < N; n++)
        for (size_t m = 0; m < N; m++) {
            double v = gsl_matrix_get(F, n, m);
            row[n] += v / (double)N;
            col[m] += v / (double)N;
            mean += v / (double)(N * N);
            scale = fmax(scale, fabs(v));
        }
    for (size_t n = 0; n < N; n++)
        for (size_t m = 0; m < N; m++) gsl_matrix_set(R, n, m, gsl_matrix_get(F, n, m) - row[n] - col[m] + mean);
    // An additive F leaves only rounding: call that "nothing left" (64 ulp of the
    // largest entry per entry) rather than a share of noise.
    double left = centred_ss(R), noise = 64.0 * DBL_EPSILON * scale;
    double share = left > (double)(N * N) * noise * noise ? diagonal_eta2(R) : NAN;
    gsl_matrix_free(R);
    free(row);
    free(col);
    return share;
}
