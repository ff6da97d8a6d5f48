// rope.c: see rope.h.
#include "rope.h"

#include <gsl/gsl_errno.h>
#include <math.h>

#include "pe_table.h"

double rope_angle(double position, size_t i, size_t d) {
    return position / pe_denominator(i, d);   // pe_denominator is NAN on bad (i, d)
}

// Rotate every pair of every row by direction * angle (direction +1 forward, -1 back).
static int rope_apply(const gsl_matrix *in, gsl_matrix *out, double first_position, double direction) {
    size_t T = in->size1, d = in->size2;
    if (d < 2 || d % 2 != 0) GSL_ERROR("RoPE width d must be even and >= 2", GSL_EINVAL);
    if (out->size1 != T || out->size2 != d) GSL_ERROR("RoPE input and output shapes differ", GSL_EBADLEN);
    for (size_t t = 0; t < T; t++) {
        double position = first_position + (double)t;
        for (size_t i = 0; i < d / 2; i++) {
            double theta = direction * rope_angle(position, i, d);
            double c = cos(theta), s = sin(theta);
            // read both members of the pair before writing: 'in' may be 'out'
            double x0 = gsl_matrix_get(in, t, 2 * i), x1 = gsl_matrix_get(in, t, 2 * i + 1);
            gsl_matrix_set(out, t, 2 * i, x0 * c - x1 * s);
            gsl_matrix_set(out, t, 2 * i + 1, x0 * s + x1 * c);
        }
    }
    return GSL_SUCCESS;
}

int rope_rotate(const gsl_matrix *X, gsl_matrix *Y, double first_position) {
    return rope_apply(X, Y, first_position, +1.0);
}

int rope_unrotate(const gsl_matrix *Y, gsl_matrix *X, double first_position) {
    return rope_apply(Y, X, first_position, -1.0);
}

int rope_backward(const gsl_matrix *dY, gsl_matrix *dX, double first_position) {
    // y = J x with J orthogonal (a rotation per pair): dL/dx = J^T dL/dy = J^{-1} dL/dy.
    return rope_apply(dY, dX, first_position, -1.0);
}
