// sequence.h: sequences of token vectors, one token per row, and reordering them.
//
// A sentence of T tokens over a vocabulary is the (T, d) matrix whose row t
// is the embedding of the token at position t. Reordering a sentence is a
// permutation of rows: out row t = X row p[t] (p a gsl_permutation of T).
#ifndef WORKBOOK_SEQUENCE_H
#define WORKBOOK_SEQUENCE_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_permutation.h>

// out (T,d) row t = X (T,d) row p[t]. X and out must not overlap.
int sequence_permute_rows(const gsl_permutation *p, const gsl_matrix *X, gsl_matrix *out);

// out (T,T) [t][s] = A (T,T) [p[t]][p[s]]  (that is P A P^T).
int sequence_permute_square(const gsl_permutation *p, const gsl_matrix *A, gsl_matrix *out);

// Build the (T,d) sentence whose row t is vocabulary row tokens[t].
int sequence_from_tokens(const gsl_matrix *vocabulary, const size_t *tokens, gsl_matrix *out);

#endif
