// sequence.c: see sequence.h.
#include "words/sequence.h"

#include <gsl/gsl_errno.h>

int sequence_permute_rows(const gsl_permutation *p, const gsl_matrix *X, gsl_matrix *out) {
    if (p->size != X->size1 || out->size1 != X->size1 || out->size2 != X->size2)
        GSL_ERROR("permutation and matrix shapes differ", GSL_EBADLEN);
    for (size_t t = 0; t < X->size1; t++) {
        gsl_vector_const_view row = gsl_matrix_const_row(X, gsl_permutation_get(p, t));
        gsl_matrix_set_row(out, t, &row.vector);
    }
    return GSL_SUCCESS;
}

int sequence_permute_square(const gsl_permutation *p, const gsl_matrix *A, gsl_matrix *out) {
    size_t T = A->size1;
    if (A->size2 != T || p->size != T || out->size1 != T || out->size2 != T)
        GSL_ERROR("permutation and matrix shapes differ", GSL_EBADLEN);
    for (size_t t = 0; t < T; t++)
        for (size_t s = 0; s < T; s++)
            gsl_matrix_set(out, t, s, gsl_matrix_get(A, gsl_permutation_get(p, t), gsl_permutation_get(p, s)));
    return GSL_SUCCESS;
}

int sequence_from_tokens(const gsl_matrix *vocabulary, const size_t *tokens, gsl_matrix *out) {
    if (out->size2 != vocabulary->size2) GSL_ERROR("embedding widths differ", GSL_EBADLEN);
    for (size_t t = 0; t < out->size1; t++) {
        if (tokens[t] >= vocabulary->size1) GSL_ERROR("token id outside the vocabulary", GSL_EINVAL);
        gsl_vector_const_view row = gsl_matrix_const_row(vocabulary, tokens[t]);
        gsl_matrix_set_row(out, t, &row.vector);
    }
    return GSL_SUCCESS;
}
