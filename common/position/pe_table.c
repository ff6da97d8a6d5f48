// pe_table.c: see pe_table.h.
#include "position/pe_table.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>

static int width_ok(size_t d) { return d >= 2 && d % 2 == 0; }

double pe_denominator(size_t i, size_t d) {
    if (!width_ok(d) || i >= d / 2) return NAN;
    return pow(PE_BASE, (2.0 * (double)i) / (double)d);
}

double pe_period(size_t i, size_t d) {
    return 2.0 * M_PI * pe_denominator(i, d);
}

// Entries 2i and 2i+1 of a code from its angle k / Z_i.
static void set_pair(gsl_vector *P, size_t i, double angle) {
    gsl_vector_set(P, 2 * i, sin(angle));
    gsl_vector_set(P, 2 * i + 1, cos(angle));
}

int pe_encode(double k, gsl_vector *P) {
    size_t d = P->size;
    if (!width_ok(d)) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    for (size_t i = 0; i < d / 2; i++) set_pair(P, i, k / pe_denominator(i, d));
    return GSL_SUCCESS;
}

// Pairs whose denominators a table fill holds at once (on the stack).
enum { FILL_PAIRS = 64 };

// Row by row the same numbers as pe_encode (the same Z_i, the same k / Z_i),
// but each Z_i, a pow call that costs about as much as its sin and cos, is
// computed once per table instead of once per row: the table is filled
// FILL_PAIRS columns' pairs at a time.
int pe_table_fill(gsl_matrix *P, double first_k) {
    size_t d = P->size2;
    if (!width_ok(d)) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    for (size_t i0 = 0; i0 < d / 2; i0 += FILL_PAIRS) {
        size_t m = d / 2 - i0 < FILL_PAIRS ? d / 2 - i0 : FILL_PAIRS;
        double Z[FILL_PAIRS];
        for (size_t j = 0; j < m; j++) Z[j] = pe_denominator(i0 + j, d);
        for (size_t r = 0; r < P->size1; r++) {
            gsl_vector_view row = gsl_matrix_row(P, r);
            double k = first_k + (double)r;
            for (size_t j = 0; j < m; j++) set_pair(&row.vector, i0 + j, k / Z[j]);
        }
    }
    return GSL_SUCCESS;
}

int pe_rotation_block(double R, size_t i, size_t d, gsl_matrix *block) {
    if (block->size1 != 2 || block->size2 != 2) GSL_ERROR("rotation block must be 2x2", GSL_EBADLEN);
    if (!width_ok(d) || i >= d / 2) GSL_ERROR("pair index i must be < d/2 with d even", GSL_EINVAL);
    double a = R / pe_denominator(i, d);
    double c = cos(a), s = sin(a);
    // [sin((k+R)/Z), cos((k+R)/Z)] = [[c, s], [-s, c]] [sin(k/Z), cos(k/Z)]
    // from sin(A+B) = sinA cosB + cosA sinB and cos(A+B) = cosA cosB - sinA sinB.
    gsl_matrix_set(block, 0, 0, c);
    gsl_matrix_set(block, 0, 1, s);
    gsl_matrix_set(block, 1, 0, -s);
    gsl_matrix_set(block, 1, 1, c);
    return GSL_SUCCESS;
}

int pe_rotation_matrix(double R, gsl_matrix *M) {
    size_t d = M->size1;
    if (M->size2 != d) GSL_ERROR("M_R must be square", GSL_EBADLEN);
    if (!width_ok(d)) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    gsl_matrix_set_zero(M);
    for (size_t i = 0; i < d / 2; i++) {
        gsl_matrix_view block = gsl_matrix_submatrix(M, 2 * i, 2 * i, 2, 2);
        int status = pe_rotation_block(R, i, d, &block.matrix);
        if (status) return status;
    }
    return GSL_SUCCESS;
}
