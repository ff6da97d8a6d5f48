// embedding.h: questions asked of a table of word vectors (V, d): cosine,
// nearest words, analogies by vector offset.
//
// Cosines are dot products of unit rows: the table is normalised once
// (embedding_new copies and normalises). Nearest-word searches are one
// gsl_blas_sgemv / sgemm over the unit table.
#ifndef WORKBOOK_EMBEDDING_H
#define WORKBOOK_EMBEDDING_H

#include <stddef.h>

typedef struct {
    size_t V, d;
    float *unit;           // (V, d) rows scaled to length 1 (a zero row stays 0)
} Embedding;

// A normalised copy of raw (V, d). NULL when out of memory.
Embedding *embedding_new(const float *raw, size_t V, size_t d);
void embedding_free(Embedding *e);

double embedding_cosine(const Embedding *e, size_t a, size_t b);
// Cosine of two arbitrary d-vectors.
double vector_cosine(const float *x, const float *y, size_t d);

// The k rows (among the first 'limit') with the largest cosine to q (d), other
// than the 'n_skip' ids in skip. Fills ids and sims (k each, best first);
// returns how many were found.
size_t embedding_nearest(const Embedding *e, const float *q, size_t limit, const long *skip, size_t n_skip,
                         size_t k, long *ids, double *sims);

// 3CosAdd: the word nearest b - a + c (unit vectors) among the first 'limit'
// rows, a, b and c excluded. Returns its id; *rank_of_d (when d >= 0) gets the
// rank of word d in that list (1 = the answer), counting only rows within limit.
long embedding_analogy(const Embedding *e, long a, long b, long c, long d, size_t limit, long *rank_of_d);

#endif
