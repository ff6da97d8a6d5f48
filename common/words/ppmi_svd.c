// ppmi_svd.c: see ppmi_svd.h.
#include "words/ppmi_svd.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/parallel.h"
#include "base/wallclock.h"

typedef struct {     // compressed sparse rows
    size_t K, nnz;
    size_t *row;     // K + 1
    uint32_t *col;
    double *val;
} Csr;

enum { BLOCK_ROWS = 512 };

// The weighted counts of rows [lo, hi) into block ((hi - lo) x K).
static void count_block(const uint32_t *tokens, size_t n, size_t K, size_t window, size_t lo, size_t hi,
                        double *block) {
    memset(block, 0, (hi - lo) * K * sizeof *block);
    for (size_t i = 0; i < n; i++) {
        uint32_t w = tokens[i];
        if (w < lo || w >= hi) continue;
        double *row = block + (w - lo) * K;
        size_t from = i >= window ? i - window : 0, to = i + window < n ? i + window : n - 1;
        for (size_t j = from; j <= to; j++) {
            uint32_t c = tokens[j];
            if (j == i || c >= K) continue;
            size_t dist = j > i ? j - i : i - j;
            row[c] += (double)(window - dist + 1) / (double)window;
        }
    }
}

static int build_ppmi(const uint32_t *tokens, size_t n, size_t K, size_t window, Csr *A) {
    double *rowsum = calloc(K, sizeof *rowsum), *ctx = calloc(K, sizeof *ctx);
    double *block = malloc((size_t)BLOCK_ROWS * K * sizeof *block);
    A->K = K;
    A->row = calloc(K + 1, sizeof *A->row);
    size_t cap = 1 << 20;
    A->col = malloc(cap * sizeof *A->col);
    A->val = malloc(cap * sizeof *A->val);
    if (!rowsum || !ctx || !block || !A->row || !A->col || !A->val) goto fail;
    // marginals: the weighted count of every word as a centre (row sums); the
    // window is symmetric, so these are also the column sums
    for (size_t i = 0; i < n; i++) {
        if (tokens[i] >= K) continue;
        size_t from = i >= window ? i - window : 0, to = i + window < n ? i + window : n - 1;
        for (size_t j = from; j <= to; j++) {
            if (j == i || tokens[j] >= K) continue;
            size_t dist = j > i ? j - i : i - j;
            rowsum[tokens[i]] += (double)(window - dist + 1) / (double)window;
        }
    }
    double ctx_total = 0.0;
    for (size_t c = 0; c < K; c++) {
        ctx[c] = pow(rowsum[c], 0.75);
        ctx_total += ctx[c];
    }
    A->nnz = 0;
    for (size_t lo = 0; lo < K; lo += BLOCK_ROWS) {
        size_t hi = lo + BLOCK_ROWS < K ? lo + BLOCK_ROWS : K;
        count_block(tokens, n, K, window, lo, hi, block);
        for (size_t w = lo; w < hi; w++) {
            const double *row = block + (w - lo) * K;
            for (size_t c = 0; c < K; c++) {
                if (row[c] <= 0.0) continue;
                double pmi = log(row[c] * ctx_total / (rowsum[w] * ctx[c]));
                if (pmi <= 0.0) continue;
                if (A->nnz == cap) {
                    cap *= 2;
                    uint32_t *col = realloc(A->col, cap * sizeof *col);
                    if (col == NULL) goto fail;
                    A->col = col;
                    double *val = realloc(A->val, cap * sizeof *val);
                    if (val == NULL) goto fail;
                    A->val = val;
                }
                A->col[A->nnz] = (uint32_t)c;
                A->val[A->nnz] = pmi;
                A->nnz++;
            }
            A->row[w + 1] = A->nnz;
        }
    }
    free(rowsum);
    free(ctx);
    free(block);
    return 0;
fail:
    free(rowsum);
    free(ctx);
    free(block);
    return -1;
}

// The transpose (the smoothed PPMI is not symmetric: #(c)^0.75 is on one side only).
static int transpose(const Csr *A, Csr *T) {
    size_t K = A->K;
    T->K = K;
    T->nnz = A->nnz;
    T->row = calloc(K + 1, sizeof *T->row);
    T->col = malloc((A->nnz + 1) * sizeof *T->col);
    T->val = malloc((A->nnz + 1) * sizeof *T->val);
    size_t *fill = calloc(K, sizeof *fill);
    if (!T->row || !T->col || !T->val || !fill) {
        free(fill);
        return -1;
    }
    for (size_t e = 0; e < A->nnz; e++) T->row[A->col[e] + 1]++;
    for (size_t c = 0; c < K; c++) T->row[c + 1] += T->row[c];
    for (size_t w = 0; w < K; w++)
        for (size_t e = A->row[w]; e < A->row[w + 1]; e++) {
            size_t c = A->col[e], at = T->row[c] + fill[c]++;
            T->col[at] = (uint32_t)w;
            T->val[at] = A->val[e];
        }
    free(fill);
    return 0;
}

// Y = A X for a sparse A (K x K) and dense X, Y (K x l), in two halves of rows.
typedef struct {
    const Csr *A;
    const gsl_matrix *X;
    gsl_matrix *Y;
    size_t parts;
} Product;

static void product_part(size_t job, void *context) {
    Product *p = context;
    size_t K = p->A->K, l = p->X->size2;
    size_t lo = K * job / p->parts, hi = K * (job + 1) / p->parts;
    for (size_t i = lo; i < hi; i++) {
        double *y = gsl_matrix_ptr(p->Y, i, 0);
        for (size_t c = 0; c < l; c++) y[c] = 0.0;
        for (size_t e = p->A->row[i]; e < p->A->row[i + 1]; e++) {
            double v = p->A->val[e];
            const double *x = gsl_matrix_const_ptr(p->X, p->A->col[e], 0);
            for (size_t c = 0; c < l; c++) y[c] += v * x[c];
        }
    }
}

static void sparse_product(const Csr *A, const gsl_matrix *X, gsl_matrix *Y, size_t threads) {
    Product p = {A, X, Y, 2};
    parallel_for(p.parts, threads, product_part, &p);
}

// Overwrite Y (K x l) with an orthonormal basis of its columns. Cholesky QR,
// twice (CholeskyQR2: the second pass restores the orthogonality the first
// loses when Y is ill-conditioned): G = Y^T Y = R^T R, Y <- Y R^-1, all BLAS-3.
// If G is not numerically positive definite, U of GSL's SVD instead.
static int orthonormalise(gsl_matrix *Y, gsl_matrix *W, gsl_vector *S, gsl_vector *work) {
    for (int pass = 0; pass < 2; pass++) {
        gsl_blas_dsyrk(CblasLower, CblasTrans, 1.0, Y, 0.0, W);   // W = Y^T Y (lower triangle)
        gsl_error_handler_t *old = gsl_set_error_handler_off();
        int status = gsl_linalg_cholesky_decomp1(W);               // W = L L^T, L = R^T
        gsl_set_error_handler(old);
        if (status != GSL_SUCCESS) return gsl_linalg_SV_decomp(Y, W, S, work);
        gsl_blas_dtrsm(CblasRight, CblasLower, CblasTrans, CblasNonUnit, 1.0, W, Y);   // Y <- Y L^-T
    }
    return GSL_SUCCESS;
}

struct PpmiMatrix {
    Csr A, At;       // PPMI and its transpose
    double seconds;  // to build them
};

void ppmi_matrix_free(PpmiMatrix *m) {
    if (m == NULL) return;
    Csr *both[2] = {&m->A, &m->At};
    for (size_t i = 0; i < 2; i++) free(both[i]->row), free(both[i]->col), free(both[i]->val);
    free(m);
}

PpmiMatrix *ppmi_matrix_new(const uint32_t *tokens, size_t n, const PpmiConfig *cfg) {
    double start = wallclock_seconds();
    PpmiMatrix *m = calloc(1, sizeof *m);
    if (m == NULL || build_ppmi(tokens, n, cfg->K, cfg->window, &m->A) != 0 || transpose(&m->A, &m->At) != 0) {
        ppmi_matrix_free(m);
        return NULL;
    }
    m->seconds = wallclock_seconds() - start;
    return m;
}

double ppmi_matrix_seconds(const PpmiMatrix *m) { return m->seconds; }

int ppmi_svd(const PpmiMatrix *m, const PpmiConfig *cfg, const gsl_rng *rng, float *vectors, PpmiStats *stats) {
    double start = wallclock_seconds();
    size_t K = cfg->K, r = cfg->rank, l = cfg->rank + cfg->oversample;
    if (l > K) l = K;
    if (r > l) r = l;
    const Csr *A = &m->A, *At = &m->At;
    int status = K == A->K ? 0 : -1;
    gsl_matrix *Q = status == 0 ? gsl_matrix_alloc(K, l) : NULL;
    gsl_matrix *Y = Q ? gsl_matrix_alloc(K, l) : NULL;
    gsl_matrix *W = Y ? gsl_matrix_alloc(l, l) : NULL;
    gsl_vector *S = W ? gsl_vector_alloc(l) : NULL;
    gsl_vector *work = S ? gsl_vector_alloc(l) : NULL;
    if (work == NULL) {
        status = -1;
        goto done;
    }
    for (size_t i = 0; i < K; i++)
        for (size_t j = 0; j < l; j++) gsl_matrix_set(Q, i, j, gsl_ran_gaussian(rng, 1.0));
    sparse_product(A, Q, Y, cfg->threads);   // Y = A Omega
    orthonormalise(Y, W, S, work);
    for (size_t it = 0; it < cfg->power; it++) {   // Y = A A^T Y, re-orthonormalised at each product
        gsl_matrix_memcpy(Q, Y);
        sparse_product(At, Q, Y, cfg->threads);
        orthonormalise(Y, W, S, work);
        gsl_matrix_memcpy(Q, Y);
        sparse_product(A, Q, Y, cfg->threads);
        orthonormalise(Y, W, S, work);
    }
    gsl_matrix_memcpy(Q, Y);
    sparse_product(At, Q, Y, cfg->threads);  // Y = A^T Q, so Q^T A = Y^T
    gsl_linalg_SV_decomp(Y, W, S, work);     // A^T Q = U S W^T  =>  A ~ Q Y^T = (Q W) S U^T
    gsl_matrix *QW = gsl_matrix_alloc(K, l);
    if (QW == NULL) {
        status = -1;
        goto done;
    }
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, Q, W, 0.0, QW);
    for (size_t i = 0; i < K; i++)
        for (size_t j = 0; j < r; j++)
            vectors[i * r + j] = (float)(gsl_matrix_get(QW, i, j) * sqrt(gsl_vector_get(S, j)));
    gsl_matrix_free(QW);
    if (stats) {
        stats->nnz = A->nnz;
        stats->top_singular = gsl_vector_get(S, 0);
    }
done:
    if (stats) stats->seconds = wallclock_seconds() - start;
    gsl_matrix_free(Q);
    gsl_matrix_free(Y);
    gsl_matrix_free(W);
    gsl_vector_free(S);
    gsl_vector_free(work);
    return status;
}
