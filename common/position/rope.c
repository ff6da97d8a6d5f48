// rope.c: see rope.h.
#include "position/rope.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>   // M_PI
#include <math.h>
#include <stdlib.h>

#include "position/pe_table.h"

double rope_angle(double position, size_t i, size_t d) {
    return position / pe_denominator(i, d);   // pe_denominator is NAN on bad (i, d)
}

// Pair i of row t: (x0, x1) -> (x0 c - x1 s, x0 s + x1 c).
static inline void rotate_pair(const gsl_matrix *in, gsl_matrix *out, size_t t, size_t i, double c, double s) {
    // read both members of the pair before writing: 'in' may be 'out'
    double x0 = gsl_matrix_get(in, t, 2 * i), x1 = gsl_matrix_get(in, t, 2 * i + 1);
    gsl_matrix_set(out, t, 2 * i, x0 * c - x1 * s);
    gsl_matrix_set(out, t, 2 * i + 1, x0 * s + x1 * c);
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
            rotate_pair(in, out, t, i, cos(theta), sin(theta));
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

RopeTable *rope_table_new(size_t max_positions, size_t d) {
    if (d < 2 || d % 2 != 0 || max_positions == 0) return NULL;
    RopeTable *table = malloc(sizeof *table);
    if (table == NULL) return NULL;
    *table = (RopeTable){max_positions, d, gsl_matrix_alloc(max_positions, d / 2), gsl_matrix_alloc(max_positions, d / 2)};
    if (table->cos == NULL || table->sin == NULL) {
        rope_table_free(table);
        return NULL;
    }
    for (size_t k = 0; k < max_positions; k++)
        for (size_t i = 0; i < d / 2; i++) {
            double theta = rope_angle((double)k, i, d);
            gsl_matrix_set(table->cos, k, i, cos(theta));
            gsl_matrix_set(table->sin, k, i, sin(theta));
        }
    return table;
}

void rope_table_free(RopeTable *table) {
    if (table == NULL) return;
    if (table->cos) gsl_matrix_free(table->cos);
    if (table->sin) gsl_matrix_free(table->sin);
    free(table);
}

int rope_table_rotate(const RopeTable *table, gsl_matrix *X, int direction) {
    if (X->size2 != table->d || X->size1 > table->max_positions)
        GSL_ERROR("RoPE table and matrix shapes differ", GSL_EBADLEN);
    if (direction != 1 && direction != -1) GSL_ERROR("RoPE direction must be +1 or -1", GSL_EINVAL);
    // cos(-theta) = cos(theta), sin(-theta) = -sin(theta): negating s is exact.
    for (size_t t = 0; t < X->size1; t++)
        for (size_t i = 0; i < table->d / 2; i++)
            rotate_pair(X, X, t, i, gsl_matrix_get(table->cos, t, i), direction * gsl_matrix_get(table->sin, t, i));
    return GSL_SUCCESS;
}

int rope_table_rotate_by(const RopeTable *table, gsl_matrix *X, size_t position, int direction) {
    if (X->size2 != table->d || position >= table->max_positions)
        GSL_ERROR("RoPE table and matrix shapes differ", GSL_EBADLEN);
    if (direction != 1 && direction != -1) GSL_ERROR("RoPE direction must be +1 or -1", GSL_EINVAL);
    const double *c = gsl_matrix_const_ptr(table->cos, position, 0), *sn = gsl_matrix_const_ptr(table->sin, position, 0);
    for (size_t r = 0; r < X->size1; r++) {
        double *x = gsl_matrix_ptr(X, r, 0);
        for (size_t i = 0; i < table->d / 2; i++) {   // as rotate_pair, on a raw row
            double x0 = x[2 * i], x1 = x[2 * i + 1], s = direction * sn[i];
            x[2 * i] = x0 * c[i] - x1 * s;
            x[2 * i + 1] = x0 * s + x1 * c[i];
        }
    }
    return GSL_SUCCESS;
}

double rope_resemblance(long R, size_t n_fast, size_t d) {
    double sum = 0.0;
    for (size_t i = 0; i < n_fast; i++) sum += cos((double)(R - 1) / pe_denominator(i, d));
    return sum / (double)n_fast;
}

RopeAliases rope_aliases(size_t d, long train_len, long test_len) {
    RopeAliases a = {.d = d, .train_len = train_len, .test_len = test_len};
    while (a.n_fast < d / 2 && 2.0 * M_PI * pe_denominator(a.n_fast, d) < (double)train_len) a.n_fast++;
    a.trained_max = -INFINITY;
    for (long R = -(train_len - 1); R < train_len; R++)
        if (R != 1 && rope_resemblance(R, a.n_fast, d) > a.trained_max) {
            a.trained_max = rope_resemblance(R, a.n_fast, d);
            a.trained_argmax = R;
        }
    a.threshold = 0.5 * (1.0 + a.trained_max);
    for (long R = -(test_len - 1); R < test_len; R++)
        if (labs(R) >= train_len && rope_resemblance(R, a.n_fast, d) > a.threshold && a.n_alias < ROPE_ALIASES_MAX)
            a.alias[a.n_alias++] = R;
    return a;
}

bool rope_sees_alias(const RopeAliases *a, size_t t) {
    for (size_t j = 0; j < a->n_alias; j++) {
        long s = (long)t - a->alias[j];
        if (s >= 0 && s < a->test_len) return true;
    }
    return false;
}

void rope_alias_zones(const RopeAliases *a, long *low, long *high) {
    size_t T = (size_t)a->test_len;
    *low = -1, *high = (long)T;
    for (size_t t = 0; t < T; t++)
        if (rope_sees_alias(a, t)) {
            if (t < T / 2) *low = (long)t;
            else if (*high == (long)T) *high = (long)t;
        }
}
