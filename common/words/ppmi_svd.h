// ppmi_svd.h: word vectors by counting, for comparison with SGNS.
//
// Levy & Goldberg (2014) showed that skip-gram with negative sampling
// implicitly factorises a shifted PMI matrix of word-context counts. This
// does it explicitly, on the same corpus:
//
//   counts   #(w, c): c within 'window' words of w, weighted (window - dist + 1) / window
//            (the expected weight of word2vec's random window), w and c among the
//            K most frequent words (ids < K)
//   PPMI     max(0, log( #(w,c) sum_c' #(c')^0.75 / (#(w) #(c)^0.75) ))   (context
//            smoothing 0.75, Levy, Goldberg & Dagan 2015), a sparse (K, K) matrix
//   SVD      randomized (Halko, Martinsson & Tropp 2011): Y = A Omega, Omega Gaussian
//            (K, r + p); 'power' rounds of Y = A A^T Q; Q an orthonormal basis of Y
//            (Cholesky QR twice, GSL BLAS); then GSL's SVD of A^T Q = U S W^T gives A ~ (Q W) S U^T
//   vectors  row w of (Q W)_r S_r^(1/2)  (the symmetric split of S)
//
// The counts are made in blocks of rows (dense block x K doubles), so memory
// stays at one block plus the sparse matrix.
#ifndef WORKBOOK_PPMI_SVD_H
#define WORKBOOK_PPMI_SVD_H

#include <gsl/gsl_rng.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    size_t K;          // words (the K most frequent)
    size_t window;
    size_t rank;       // r: vector width
    size_t oversample; // p
    size_t power;      // power iterations
    size_t threads;    // for the sparse products (results do not depend on it)
} PpmiConfig;

typedef struct {
    size_t nnz;        // positive PPMI entries
    double seconds;    // the SVD's (the matrix's are ppmi_matrix_seconds)
    double top_singular; // largest singular value
} PpmiStats;

// The PPMI matrix (K, K) and its transpose, sparse. It depends on the corpus,
// K and the window only, so one matrix serves every seed's randomized SVD
// (chapter 0 builds it once for claim 0.4's five seeds: the counting is most
// of the time of PPMI + SVD). NULL when out of memory.
typedef struct PpmiMatrix PpmiMatrix;
PpmiMatrix *ppmi_matrix_new(const uint32_t *tokens, size_t n, const PpmiConfig *config);
void ppmi_matrix_free(PpmiMatrix *m);
double ppmi_matrix_seconds(const PpmiMatrix *m);   // the time it took to build

// Fills vectors (K x rank, row-major floats) from the matrix's randomized SVD
// (config's K and window must be the matrix's). Returns 0, or -1 when out of memory.
int ppmi_svd(const PpmiMatrix *m, const PpmiConfig *config, const gsl_rng *rng, float *vectors, PpmiStats *stats);

#endif
