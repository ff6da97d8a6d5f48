// layers.c: see layers.h.
#include "model/layers.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "base/hot_loop.h"

#ifdef WORKBOOK_VECTOR_EXP
// glibc's libmvec has exp for vectors of doubles; this declaration lets GCC
// call it from a loop marked "omp simd" (math.h only says so under -ffast-math,
// which the workbook never uses). Each element is exp to within 4 ulp.
#pragma omp declare simd notinbranch
double exp(double x);
#endif


// ---- embedding ------------------------------------------------------------------

int layer_embedding_forward(gsl_matrix *out, const size_t *tokens, const gsl_matrix *E) {
    if (out->size2 != E->size2) GSL_ERROR("embedding: out must be (N,d) with E (V,d)", GSL_EBADLEN);
    size_t d = E->size2;
    for (size_t n = 0; n < out->size1; n++) {
        if (tokens[n] >= E->size1) GSL_ERROR("embedding: token id out of range", GSL_EINVAL);
        const double *row = gsl_matrix_const_ptr(E, tokens[n], 0);
        double *dst = gsl_matrix_ptr(out, n, 0);
        for (size_t j = 0; j < d; j++) dst[j] = row[j];                          // out[n] = E[tokens[n]]
    }
    return GSL_SUCCESS;
}

int layer_embedding_backward(gsl_matrix *dE, const gsl_matrix *dout, const size_t *tokens) {
    if (dout->size2 != dE->size2) GSL_ERROR("embedding: dout must be (N,d) with dE (V,d)", GSL_EBADLEN);
    size_t d = dE->size2;
    // forward: out[n] = E[tokens[n]]   =>   dE[tokens[n]] += dout[n]
    // (raw row pointers: this scatter runs four times per training step)
    for (size_t n = 0; n < dout->size1; n++) {
        if (tokens[n] >= dE->size1) GSL_ERROR("embedding: token id out of range", GSL_EINVAL);
        const double *src = gsl_matrix_const_ptr(dout, n, 0);
        double *row = gsl_matrix_ptr(dE, tokens[n], 0);
        for (size_t j = 0; j < d; j++) row[j] += src[j];
    }
    return GSL_SUCCESS;
}

// ---- linear -------------------------------------------------------------------------

int layer_linear_forward(gsl_matrix *out, const gsl_matrix *in, const gsl_matrix *W, const gsl_vector *b) {
    if (in->size2 != W->size1 || out->size1 != in->size1 || out->size2 != W->size2 || b->size != W->size2)
        GSL_ERROR("linear: shapes must be in (N,n), W (n,m), b (m), out (N,m)", GSL_EBADLEN);
    // out = 1 b^T, then out += in W
    for (size_t n = 0; n < out->size1; n++) {
        gsl_vector_view row = gsl_matrix_row(out, n);
        gsl_vector_memcpy(&row.vector, b);
    }
    return gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, in, W, 1.0, out);
}

int layer_linear_backward(gsl_matrix *din, gsl_matrix *dW, gsl_vector *db, const gsl_matrix *dout,
                          const gsl_matrix *in, const gsl_matrix *W, const gsl_vector *ones) {
    if (in->size2 != W->size1 || dout->size1 != in->size1 || dout->size2 != W->size2 ||
        dW->size1 != W->size1 || dW->size2 != W->size2 || db->size != W->size2 || ones->size != in->size1 ||
        (din && (din->size1 != in->size1 || din->size2 != in->size2)))
        GSL_ERROR("linear backward: shapes do not match the forward", GSL_EBADLEN);
    // forward: out = in W + 1 b^T
    int status = GSL_SUCCESS;
    if (din) status = gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, dout, W, 1.0, din);    // din += dout W^T
    if (status == GSL_SUCCESS) status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, in, dout, 1.0, dW);  // dW += in^T dout
    if (status == GSL_SUCCESS) status = gsl_blas_dgemv(CblasTrans, 1.0, dout, ones, 1.0, db);     // db += dout^T 1
    return status;
}

// ---- attention scores -----------------------------------------------------------------

int layer_scores_forward(gsl_matrix *S, const gsl_matrix *Q, const gsl_matrix *K, double scale) {
    if (Q->size2 != K->size2 || S->size1 != Q->size1 || S->size2 != K->size1)
        GSL_ERROR("scores: shapes must be Q (T,d_k), K (T,d_k), S (T,T)", GSL_EBADLEN);
    return gsl_blas_dgemm(CblasNoTrans, CblasTrans, scale, Q, K, 0.0, S);         // S = scale Q K^T
}

int layer_scores_backward(gsl_matrix *dQ, gsl_matrix *dK, const gsl_matrix *dS, const gsl_matrix *Q,
                          const gsl_matrix *K, double scale) {
    if (Q->size2 != K->size2 || dS->size1 != Q->size1 || dS->size2 != K->size1 || dQ->size1 != Q->size1 ||
        dQ->size2 != Q->size2 || dK->size1 != K->size1 || dK->size2 != K->size2)
        GSL_ERROR("scores backward: shapes do not match the forward", GSL_EBADLEN);
    // forward: S = scale Q K^T
    int status = gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, scale, dS, K, 1.0, dQ);      // dQ += scale dS K
    if (status == GSL_SUCCESS) status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, scale, dS, Q, 1.0, dK);  // dK += scale dS^T Q
    return status;
}

// ---- softmax over rows -----------------------------------------------------------------

WORKBOOK_HOT_LOOP
void layer_exp_shifted(double *out, const double *in, size_t n, double shift) {
    // With WORKBOOK_VECTOR_EXP (CMakeLists.txt) this loop calls glibc's vector exp
    // (libmvec) two numbers at a time, four in the AVX2 copy (hot_loop.h); "omp simd" asserts the iterations are
    // independent, which holds also for out == in (same index read, then written).
#ifdef WORKBOOK_VECTOR_EXP
#pragma omp simd
#endif
    for (size_t i = 0; i < n; i++) out[i] = exp(in[i] - shift);
}

// One row of a softmax, max-subtracted for stability: out[s] = exp(in[s]-max) / sum
// (out may be in). False, with out untouched, when every entry is -INFINITY.
static bool softmax_row(double *out, const double *in, size_t n) {
    double max = in[0];
    for (size_t s = 1; s < n; s++) max = in[s] > max ? in[s] : max;
    if (max == -INFINITY) return false;
    layer_exp_shifted(out, in, n, max);   // exp(-inf - max) = 0
    double sum = 0.0;
    for (size_t s = 0; s < n; s++) sum += out[s];   // in order: the same sum on every build
    double inv = 1.0 / sum;
    for (size_t s = 0; s < n; s++) out[s] *= inv;
    return true;
}

// Four rows of a softmax at once, each exactly as softmax_row computes it (the
// same bits): a row's max and sum are chains of n dependent steps, and four
// chains run side by side. False, with nothing written, if a row is all -INFINITY.
static bool softmax_four_rows(double *const out[4], const double *const in[4], size_t n) {
    const double *restrict i0 = in[0], *restrict i1 = in[1], *restrict i2 = in[2], *restrict i3 = in[3];
    double m0 = i0[0], m1 = i1[0], m2 = i2[0], m3 = i3[0];
    for (size_t s = 1; s < n; s++) {
        m0 = i0[s] > m0 ? i0[s] : m0;
        m1 = i1[s] > m1 ? i1[s] : m1;
        m2 = i2[s] > m2 ? i2[s] : m2;
        m3 = i3[s] > m3 ? i3[s] : m3;
    }
    if (m0 == -INFINITY || m1 == -INFINITY || m2 == -INFINITY || m3 == -INFINITY) return false;
    layer_exp_shifted(out[0], i0, n, m0);
    layer_exp_shifted(out[1], i1, n, m1);
    layer_exp_shifted(out[2], i2, n, m2);
    layer_exp_shifted(out[3], i3, n, m3);
    layer_normalise_four_rows(out[0], out[1], out[2], out[3], n);
    return true;
}

int layer_softmax_forward(gsl_matrix *A, const gsl_matrix *S) {
    if (A->size1 != S->size1 || A->size2 != S->size2 || S->size2 == 0)
        GSL_ERROR("softmax: A and S must match", GSL_EBADLEN);
    // A = softmax_rows(S), row by row on raw pointers (the hot loop of training),
    // four rows at a time while four are left
    size_t t = 0;
    for (; t + 4 <= S->size1; t += 4) {
        double *out[4] = {gsl_matrix_ptr(A, t, 0), gsl_matrix_ptr(A, t + 1, 0), gsl_matrix_ptr(A, t + 2, 0),
                          gsl_matrix_ptr(A, t + 3, 0)};
        const double *in[4] = {gsl_matrix_const_ptr(S, t, 0), gsl_matrix_const_ptr(S, t + 1, 0),
                               gsl_matrix_const_ptr(S, t + 2, 0), gsl_matrix_const_ptr(S, t + 3, 0)};
        if (!softmax_four_rows(out, in, S->size2)) break;   // the rows one by one below find which
    }
    for (; t < S->size1; t++)
        if (!softmax_row(gsl_matrix_ptr(A, t, 0), gsl_matrix_const_ptr(S, t, 0), S->size2))
            GSL_ERROR("softmax row has no finite entry (every key masked)", GSL_EDOM);
    return GSL_SUCCESS;
}

int layer_softmax_backward(gsl_matrix *dS, const gsl_matrix *dA, const gsl_matrix *A) {
    if (dS->size1 != A->size1 || dS->size2 != A->size2 || dA->size1 != A->size1 || dA->size2 != A->size2)
        GSL_ERROR("softmax backward: shapes must match", GSL_EBADLEN);
    // forward: A[t,s] = exp(S[t,s]) / sum_u exp(S[t,u])
    //   => dS[t,s] = A[t,s] (dA[t,s] - sum_u dA[t,u] A[t,u])
    // (raw rows: a BLAS call per row of 32 costs more than the row; dS may be dA itself)
    for (size_t t = 0; t < A->size1; t++)
        layer_softmax_backward_row(gsl_matrix_ptr(dS, t, 0), gsl_matrix_const_ptr(dA, t, 0), gsl_matrix_const_ptr(A, t, 0),
                                   A->size2);
    return GSL_SUCCESS;
}

// ---- weighted sum of values ------------------------------------------------------------

int layer_mix_forward(gsl_matrix *O, const gsl_matrix *A, const gsl_matrix *V) {
    if (A->size2 != V->size1 || O->size1 != A->size1 || O->size2 != V->size2)
        GSL_ERROR("mix: shapes must be A (T,T), V (T,d_v), O (T,d_v)", GSL_EBADLEN);
    return gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, A, V, 0.0, O);         // O = A V
}

int layer_mix_backward(gsl_matrix *dA, gsl_matrix *dV, const gsl_matrix *dO, const gsl_matrix *A,
                       const gsl_matrix *V) {
    if (A->size2 != V->size1 || dO->size1 != A->size1 || dO->size2 != V->size2 || dA->size1 != A->size1 ||
        dA->size2 != A->size2 || dV->size1 != V->size1 || dV->size2 != V->size2)
        GSL_ERROR("mix backward: shapes do not match the forward", GSL_EBADLEN);
    // forward: O = A V
    int status = gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, dO, V, 0.0, dA);         // dA = dO V^T
    if (status == GSL_SUCCESS) status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, A, dO, 1.0, dV);  // dV += A^T dO
    return status;
}

// ---- keys that are a token row plus a position row ---------------------------------------

// Shapes, and every token id of every sequence in range, checked once so the
// hot loops below carry no tests.
// (R given by its rows and columns, so that a float32 R is checked the same way)
static int keys_check_shape(size_t R_rows, size_t R_cols, const gsl_matrix *X, const size_t *tokens) {
    if (R_rows != X->size1 || R_cols <= X->size2 || X->size2 == 0 || X->size1 % X->size2 != 0)
        GSL_ERROR("keys: shapes must be R (N,V+T), X (N,T) with N a multiple of T", GSL_EBADLEN);
    size_t V = R_cols - X->size2;
    for (size_t n = 0; n < X->size1; n++)
        if (tokens[n] >= V) GSL_ERROR("keys: token id out of range", GSL_EINVAL);
    return GSL_SUCCESS;
}

static int keys_check(const gsl_matrix *R, const gsl_matrix *X, const size_t *tokens) {
    return keys_check_shape(R->size1, R->size2, X, tokens);
}

int layer_keys_gather(gsl_matrix *out, const gsl_matrix *R, const size_t *tokens) {
    int status = keys_check(R, out, tokens);
    if (status) return status;
    size_t T = out->size2, V = R->size2 - T;
    for (size_t n = 0; n < out->size1; n++)   // tokens + (n/T)*T: the tokens of this query's sequence
        layer_keys_gather_row(gsl_matrix_ptr(out, n, 0), gsl_matrix_const_ptr(R, n, 0), tokens + (n / T) * T, T, V);
    return GSL_SUCCESS;
}

int layer_keys_scatter(gsl_matrix *R, const gsl_matrix *X, const size_t *tokens) {
    int status = keys_check(R, X, tokens);
    if (status) return status;
    size_t T = X->size2, V = R->size2 - T;
    // the transpose of gather (out[n,s] = R[n, tok_s] + R[n, V+s]): both columns receive X[n,s]
    for (size_t n = 0; n < X->size1; n++)
        layer_keys_scatter_row(gsl_matrix_ptr(R, n, 0), gsl_matrix_const_ptr(X, n, 0), tokens + (n / T) * T, T, V);
    return GSL_SUCCESS;
}

// dA's row n: keys_gather of dC's row n, from the double or the float32 dC.
static inline void gather_gradient_row(double *out, const gsl_matrix *dC, const gsl_matrix_float *dC_float, size_t n,
                                       const size_t *key_tokens, size_t T, size_t V) {
    if (dC) layer_keys_gather_row(out, gsl_matrix_const_ptr(dC, n, 0), key_tokens, T, V);
    else layer_keys_gather_row_float(out, gsl_matrix_float_const_ptr(dC_float, n, 0), key_tokens, T, V);
}

// dtable[token_n] += dR[n] and dtable[V + t] += dR[n] for query row n (t = n mod T),
// dR[n] = keys_scatter of the row's dS (T,), formed in dR (K,) scratch first:
// its token columns gather repeats of a token once, and the two table rows
// then take it in whole-row (vectorised) additions.
static inline void add_to_table(gsl_matrix *dtable, double *restrict dR, const double *restrict dS, size_t n,
                                const size_t *tokens, size_t T, size_t V) {
    size_t t = n % T, K = V + T;
    layer_keys_scatter_row(dR, dS, tokens + (n - t), T, V);
    double *restrict by_token = gsl_matrix_ptr(dtable, tokens[n], 0), *restrict by_position = gsl_matrix_ptr(dtable, V + t, 0);
    for (size_t k = 0; k < K; k++) by_token[k] += dR[k];
    for (size_t k = 0; k < K; k++) by_position[k] += dR[k];
}

// (An AVX2 copy, hot_loop.h: about 20% faster alone at chapter 6's shapes, the same bits.)
WORKBOOK_HOT_LOOP
int layer_keys_softmax_backward(gsl_matrix *dtable, const gsl_matrix *dC, const gsl_matrix_float *dC_float,
                                const gsl_matrix *A, const size_t *tokens, gsl_vector *work) {
    size_t N = A->size1, T = A->size2;
    size_t rows = dC ? dC->size1 : dC_float ? dC_float->size1 : 0, K = dC ? dC->size2 : dC_float ? dC_float->size2 : 0;
    int status = keys_check_shape(rows, K, A, tokens);
    if (status) return status;
    if (dtable->size1 != K || dtable->size2 != K)
        GSL_ERROR("keys softmax backward: dtable must be (V+T,V+T), dC (N,V+T)", GSL_EBADLEN);
    if (work->size < 4 * T + K || work->stride != 1)
        GSL_ERROR("keys softmax backward: work must be a contiguous (4T+K,) vector", GSL_EBADLEN);
    size_t V = K - T;
    double *dS = work->data, *dR = work->data + 4 * T;   // four rows of dA, then dS; one row of dR
    size_t n = 0;
    // Four rows at a time: each row's dot product is a chain of T dependent
    // additions, and four chains run side by side. Every row is computed in
    // the same order as alone (the loop after this one): the same bits.
    for (; n + 4 <= N; n += 4) {
        double *restrict d0 = dS, *restrict d1 = dS + T, *restrict d2 = dS + 2 * T, *restrict d3 = dS + 3 * T;
        const double *a0 = gsl_matrix_const_ptr(A, n, 0), *a1 = gsl_matrix_const_ptr(A, n + 1, 0),
                     *a2 = gsl_matrix_const_ptr(A, n + 2, 0), *a3 = gsl_matrix_const_ptr(A, n + 3, 0);
        for (size_t r = 0; r < 4; r++)   // dA
            gather_gradient_row(dS + r * T, dC, dC_float, n + r, tokens + ((n + r) / T) * T, T, V);
        double dot0 = 0.0, dot1 = 0.0, dot2 = 0.0, dot3 = 0.0;
        for (size_t s = 0; s < T; s++) {
            dot0 += a0[s] * d0[s];
            dot1 += a1[s] * d1[s];
            dot2 += a2[s] * d2[s];
            dot3 += a3[s] * d3[s];
        }
        for (size_t s = 0; s < T; s++) {   // dS, as layer_softmax_backward_row
            d0[s] = a0[s] * (d0[s] - dot0);
            d1[s] = a1[s] * (d1[s] - dot1);
            d2[s] = a2[s] * (d2[s] - dot2);
            d3[s] = a3[s] * (d3[s] - dot3);
        }
        for (size_t r = 0; r < 4; r++) add_to_table(dtable, dR, dS + r * T, n + r, tokens, T, V);
    }
    for (; n < N; n++) {
        gather_gradient_row(dS, dC, dC_float, n, tokens + (n / T) * T, T, V);   // dA
        layer_softmax_backward_row(dS, dS, gsl_matrix_const_ptr(A, n, 0), T);  // dS
        add_to_table(dtable, dR, dS, n, tokens, T, V);
    }
    return GSL_SUCCESS;
}

// ---- softmax + cross-entropy --------------------------------------------------------------

int layer_crossentropy_forward(gsl_matrix *probs, double *loss, const gsl_matrix *logits,
                               const size_t *targets, const gsl_vector *weights) {
    if (probs->size1 != logits->size1 || probs->size2 != logits->size2 || weights->size != logits->size1)
        GSL_ERROR("cross-entropy: probs (N,V), logits (N,V), weights (N,)", GSL_EBADLEN);
    int status = layer_softmax_forward(probs, logits);                            // probs = softmax(logits)
    if (status != GSL_SUCCESS) return status;
    double sum = 0.0;
    for (size_t n = 0; n < probs->size1; n++) {
        double w = gsl_vector_get(weights, n);
        if (w == 0.0) continue;                                                   // no target at this row
        if (targets[n] >= probs->size2) GSL_ERROR("cross-entropy: target out of range", GSL_EINVAL);
        sum += -w * log(gsl_matrix_get(probs, n, targets[n]));                    // loss = sum_n w_n (-log p)
    }
    *loss = sum;
    return GSL_SUCCESS;
}

int layer_crossentropy_backward(gsl_matrix *dlogits, const gsl_matrix *probs, const size_t *targets,
                                const gsl_vector *weights) {
    if (dlogits->size1 != probs->size1 || dlogits->size2 != probs->size2 || weights->size != probs->size1)
        GSL_ERROR("cross-entropy backward: shapes must match", GSL_EBADLEN);
    // forward: loss = sum_n w_n (-log softmax(logits_n)[target_n])
    //   => dlogits_n = w_n (probs_n - onehot(target_n))
    // (raw rows, as in the softmax: one row is only V numbers)
    for (size_t n = 0; n < probs->size1; n++) {
        double w = gsl_vector_get(weights, n);
        const double *p = gsl_matrix_const_ptr(probs, n, 0);
        double *dl = gsl_matrix_ptr(dlogits, n, 0);
        if (w != 0.0 && targets[n] >= probs->size2) GSL_ERROR("cross-entropy: target out of range", GSL_EINVAL);
        for (size_t v = 0; v < probs->size2; v++) dl[v] = w * p[v];          // 0 where the row has no target
        if (w != 0.0) dl[targets[n]] -= w;
    }
    return GSL_SUCCESS;
}
