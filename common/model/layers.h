// layers.h: forward/backward pairs for a tiny Transformer layer, llm.c style.
//
// Every layer is a pair layer_X_forward / layer_X_backward. The backward
// restates the forward line it differentiates and ACCUMULATES (+=) into the
// gradient buffers it is given, as llm.c does, so the caller zeroes the
// gradients once per step and several uses of one tensor simply add up.
//
// Row convention (one token per row):
//   N  rows (a batch of B sequences of length T stacked: N = B*T)
//   V  vocabulary size, d model width, m an output width
//   T  length of one sequence inside the attention layers
//
// Functions return GSL status codes: GSL_EBADLEN for mismatched shapes,
// GSL_EINVAL for a token id out of range, GSL_SUCCESS otherwise.
#ifndef WORKBOOK_LAYERS_H
#define WORKBOOK_LAYERS_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <stddef.h>

// ---- embedding lookup: out[n] = E[tokens[n]] ----------------------------------
// tokens (N,) ids in [0, V); E (V,d); out (N,d).
// The lookup is the product onehot(tokens) (N,V) times E (Doc C §七), so its
// gradient is dE += onehot^T dout: each used row receives the sum of dout over
// the positions holding that token, and an unused row receives exactly 0.
int layer_embedding_forward(gsl_matrix *out, const size_t *tokens, const gsl_matrix *E);
int layer_embedding_backward(gsl_matrix *dE, const gsl_matrix *dout, const size_t *tokens);

// ---- linear: out = in W + 1 b^T -------------------------------------------------
// in (N,n); W (n,m); b (m,); out (N,m).
// Backward: din += dout W^T (skipped when din is NULL); dW += in^T dout;
// db += dout^T 1 (column sums). 'ones' is an (N,) vector of 1.0 supplied by the
// caller so the column sums go through BLAS too.
int layer_linear_forward(gsl_matrix *out, const gsl_matrix *in, const gsl_matrix *W, const gsl_vector *b);
int layer_linear_backward(gsl_matrix *din, gsl_matrix *dW, gsl_vector *db, const gsl_matrix *dout,
                          const gsl_matrix *in, const gsl_matrix *W, const gsl_vector *ones);

// ---- attention scores: S = scale Q K^T ----------------------------------------
// Q, K (T,d_k); S (T,T) row = query t, column = key s; scale = 1/sqrt(d_k).
// Backward: dQ += scale dS K; dK += scale dS^T Q.
int layer_scores_forward(gsl_matrix *S, const gsl_matrix *Q, const gsl_matrix *K, double scale);
int layer_scores_backward(gsl_matrix *dQ, gsl_matrix *dK, const gsl_matrix *dS, const gsl_matrix *Q,
                          const gsl_matrix *K, double scale);

// ---- out[i] = exp(in[i] - shift), i < n -------------------------------------------
// The exps of a training step (softmax rows, the factored path's table) all go
// through here, vectorised where the build allows (CMakeLists.txt). out may be
// in itself (each entry is read before it is written, at the same index).
void layer_exp_shifted(double *out, const double *in, size_t n, double shift);

// ---- softmax over each row: A = softmax_rows(S) ---------------------------------
// The workbook's one softmax: softmax_rows (attention.h, chapters 1 and 7) is
// this forward in place.
// S, A (T,T) (any number of columns: the cross-entropy uses it on (N,V) logits);
// A may be S itself. Forward subtracts each row's maximum first; an entry
// -INFINITY (a masked key) gets weight exactly 0, and a row whose entries are
// all -INFINITY (every key masked) has no softmax: GSL_EDOM. (A NaN or +inf
// entry, as in a diverged model, is not refused: its row comes out NaN.)
// Backward: dS = A o (dA - rowsum(dA o A)) (o = elementwise), written (not
// accumulated) into dS because the scores feed nothing else.
int layer_softmax_forward(gsl_matrix *A, const gsl_matrix *S);
int layer_softmax_backward(gsl_matrix *dS, const gsl_matrix *dA, const gsl_matrix *A);
// Four rows (n entries each) divided by their sums: a row's sum is a chain of
// additions that each wait for the last, so four chains run side by side;
// each row is added up in order, as alone, so the bits do not change.
static inline void layer_normalise_four_rows(double *restrict r0, double *restrict r1, double *restrict r2,
                                             double *restrict r3, size_t n) {
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    for (size_t s = 0; s < n; s++) {
        s0 += r0[s];
        s1 += r1[s];
        s2 += r2[s];
        s3 += r3[s];
    }
    double i0 = 1.0 / s0, i1 = 1.0 / s1, i2 = 1.0 / s2, i3 = 1.0 / s3;
    for (size_t s = 0; s < n; s++) {
        r0[s] *= i0;
        r1[s] *= i1;
        r2[s] *= i2;
        r3[s] *= i3;
    }
}
// One row of the backward (n entries; ds may be da).
static inline void layer_softmax_backward_row(double *ds, const double *da, const double *a, size_t n) {
    double dot = 0.0;
    for (size_t s = 0; s < n; s++) dot += a[s] * da[s];
    for (size_t s = 0; s < n; s++) ds[s] = a[s] * (da[s] - dot);
}

// ---- weighted sum of values: O = A V ---------------------------------------------
// A (T,T); V (T,d_v); O (T,d_v).
// Backward: dA = dO V^T (written); dV += A^T dO.
int layer_mix_forward(gsl_matrix *O, const gsl_matrix *A, const gsl_matrix *V);
int layer_mix_backward(gsl_matrix *dA, gsl_matrix *dV, const gsl_matrix *dO, const gsl_matrix *A,
                       const gsl_matrix *V);

// ---- keys that are a token row plus a position row -----------------------------
// When the input is x_s = E[token_s] + p_s and everything between x and the
// scores is linear, anything a key contributes is "its token's row + its
// position's row" of some table. Give that table K = V + T columns, the V token
// columns first, then the T position columns. For query rows n of sequence b
// (n in bT..bT+T-1, keys s = 0..T-1 with tokens tokens[bT+s]):
//   gather:   out[n,s] = R[n, tokens[bT+s]] + R[n, V+s]       R (N,K), out (N,T)
//   scatter:  R[n, u] = sum of X[n,s] over the keys s holding token u;
//             R[n, V+s] = X[n,s]                                  X (N,T), R (N,K)
// Scatter is gather's transpose (its backward), and gather is scatter's: the
// factored attention of tiny_model.c uses gather for the scores (and for the
// gradient of the attention weights) and scatter for the mix (and for the
// gradient of the scores). Unlike the other backwards here, both WRITE their
// output: each use fills a fresh buffer.
int layer_keys_gather(gsl_matrix *out, const gsl_matrix *R, const size_t *tokens);
int layer_keys_scatter(gsl_matrix *R, const gsl_matrix *X, const size_t *tokens);

// The same for one query row (r (V+T,), x and out (T,), key_tokens the T
// tokens of the row's sequence, already checked): the loops every keys
// function here is made of, and tiny_model.c's fused softmax rows too.
static inline void layer_keys_gather_row(double *restrict out, const double *restrict r, const size_t *key_tokens,
                                         size_t T, size_t V) {
    for (size_t s = 0; s < T; s++) out[s] = r[V + s] + r[key_tokens[s]];   // position column + token column
}
static inline void layer_keys_gather_row_float(double *restrict out, const float *restrict r,
                                               const size_t *key_tokens, size_t T, size_t V) {
    for (size_t s = 0; s < T; s++) out[s] = (double)r[V + s] + (double)r[key_tokens[s]];
}
static inline void layer_keys_scatter_row(double *restrict r, const double *restrict x, const size_t *key_tokens,
                                          size_t T, size_t V) {
    for (size_t u = 0; u < V; u++) r[u] = 0.0;
    for (size_t s = 0; s < T; s++) r[key_tokens[s]] += x[s];
    for (size_t s = 0; s < T; s++) r[V + s] = x[s];
}

// The backward of C = keys_scatter(softmax_rows(keys_gather(R))) with
// R[n] = table[token_n] + table[V + t_n] (t_n = n mod T: tiny_model.h, 3.),
// one query row at a time, with no (N,T) or (N,K) buffer between the steps:
//   dA = keys_gather(dC);  dS = A o (dA - rowsum(dA o A));  dR = keys_scatter(dS);
//   dtable[token_n] += dR[n],  dtable[V + t_n] += dR[n]
// dC (N,K); A (N,T) the forward's softmax; dtable (K,K), added to; work (4T+K,)
// scratch, supplied by the caller so that a training step allocates nothing.
// dC is double, or NULL and dC_float holds it in float32 (tiny_model.h, 5.;
// each dA entry is then the sum of the two floats, taken in double).
int layer_keys_softmax_backward(gsl_matrix *dtable, const gsl_matrix *dC, const gsl_matrix_float *dC_float,
                                const gsl_matrix *A, const size_t *tokens, gsl_vector *work);

// ---- softmax + cross-entropy over the vocabulary -----------------------------
// logits (N,V); targets (N,) ids in [0, V); weights (N,) the weight of each
// row in the loss (1/count for rows with a target, 0 for rows without);
// probs (N,V) written. Returns the weighted loss sum_n w_n * -log probs[n, target_n]
// in *loss.
// Backward: dlogits = w_n (probs - onehot(target_n)) (written, not accumulated).
int layer_crossentropy_forward(gsl_matrix *probs, double *loss, const gsl_matrix *logits,
                               const size_t *targets, const gsl_vector *weights);
int layer_crossentropy_backward(gsl_matrix *dlogits, const gsl_matrix *probs, const size_t *targets,
                                const gsl_vector *weights);

#endif
