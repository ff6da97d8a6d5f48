// pe_layout.c: see pe_layout.h.
#include "position/pe_layout.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>

#include "position/pe_table.h"

int pe_layout_halves_permutation(gsl_permutation *p) {
    size_t d = p->size;
    if (d < 2 || d % 2 != 0) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    for (size_t i = 0; i < d / 2; i++) {
        p->data[i] = 2 * i;              // the sines first ...
        p->data[d / 2 + i] = 2 * i + 1;  // ... then the cosines, pair by pair
    }
    return GSL_SUCCESS;
}

int pe_table_fill_halves(gsl_matrix *P, double first_k) {
    size_t d = P->size2;
    if (d < 2 || d % 2 != 0) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    for (size_t r = 0; r < P->size1; r++)
        for (size_t i = 0; i < d / 2; i++) {
            double angle = (first_k + (double)r) / pe_denominator(i, d);   // as in pe_encode
            gsl_matrix_set(P, r, i, sin(angle));
            gsl_matrix_set(P, r, d / 2 + i, cos(angle));
        }
    return GSL_SUCCESS;
}

double pe_t2t_frequency(size_t i, size_t d_model) {
    size_t half = d_model / 2;
    return exp(-(double)i * log(10000.0) / (double)GSL_MAX(half - 1, 1));
}

int pe_table_fill_t2t(gsl_matrix *T) {
    if (T->size2 < 2 || T->size2 % 2 != 0) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    size_t half = T->size2 / 2;
    for (size_t k = 0; k < T->size1; k++)
        for (size_t i = 0; i < half; i++) {
            double angle = (double)k * pe_t2t_frequency(i, T->size2);
            gsl_matrix_set(T, k, i, sin(angle));
            gsl_matrix_set(T, k, half + i, cos(angle));
        }
    return GSL_SUCCESS;
}
