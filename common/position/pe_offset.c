// pe_offset.c: see pe_offset.h.
#include "position/pe_offset.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>

#include "position/pe_table.h"

static int width_ok(size_t d) { return d >= 2 && d % 2 == 0; }

double pe_offset_dot(double R, size_t d) {
    if (!width_ok(d)) return NAN;
    double sum = 0.0;
    for (size_t i = 0; i < d / 2; i++) sum += cos(R / pe_denominator(i, d));
    return sum;
}

double pe_offset_similarity(double R, size_t d) {
    if (!width_ok(d)) return NAN;
    return pe_offset_dot(R, d) / ((double)d / 2.0);
}

double pe_offset_distance2(double R, size_t d) {
    if (!width_ok(d)) return NAN;
    double sum = 0.0;
    for (size_t i = 0; i < d / 2; i++) {
        double half = sin(R / (2.0 * pe_denominator(i, d)));
        sum += half * half;
    }
    return 4.0 * sum;
}

// 1/Z_i for i < d/2 (caller frees), or NULL when out of memory.
static double *inverse_denominators(size_t d) {
    double *inv = malloc(d / 2 * sizeof *inv);
    if (inv)
        for (size_t i = 0; i < d / 2; i++) inv[i] = 1.0 / pe_denominator(i, d);
    return inv;
}

int pe_offset_similarity_curve(double R_first, size_t d, gsl_vector *out) {
    if (!width_ok(d)) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    double *inv = inverse_denominators(d);
    if (inv == NULL) GSL_ERROR("no memory for the denominators", GSL_ENOMEM);
    for (size_t r = 0; r < out->size; r++) {
        double R = R_first + (double)r, sum = 0.0;
        for (size_t i = 0; i < d / 2; i++) sum += cos(R * inv[i]);
        gsl_vector_set(out, r, sum / ((double)d / 2.0));
    }
    free(inv);
    return GSL_SUCCESS;
}

int pe_offset_distance2_curve(double R_first, size_t d, gsl_vector *out) {
    if (!width_ok(d)) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    double *inv = inverse_denominators(d);
    if (inv == NULL) GSL_ERROR("no memory for the denominators", GSL_ENOMEM);
    for (size_t r = 0; r < out->size; r++) {
        double R = R_first + (double)r, sum = 0.0;
        for (size_t i = 0; i < d / 2; i++) {
            double half = sin(0.5 * R * inv[i]);
            sum += half * half;
        }
        gsl_vector_set(out, r, 4.0 * sum);
    }
    free(inv);
    return GSL_SUCCESS;
}
