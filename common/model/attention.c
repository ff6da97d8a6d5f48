// attention.c: see attention.h.
#include "model/attention.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>

#include "base/random.h"
#include "model/layers.h"

AttentionHead *attention_head_new_random(size_t d, size_t d_k, size_t d_v, const gsl_rng *r) {
    AttentionHead *h = calloc(1, sizeof *h);
    if (h == NULL) return NULL;
    h->W_Q = gsl_matrix_alloc(d, d_k);
    h->W_K = gsl_matrix_alloc(d, d_k);
    h->W_V = gsl_matrix_alloc(d, d_v);
    if (!h->W_Q || !h->W_K || !h->W_V) {
        attention_head_free(h);
        return NULL;
    }
    double sigma = 1.0 / sqrt((double)d);
    random_gaussian_matrix(h->W_Q, r, sigma);
    random_gaussian_matrix(h->W_K, r, sigma);
    random_gaussian_matrix(h->W_V, r, sigma);
    return h;
}

void attention_head_free(AttentionHead *h) {
    if (h == NULL) return;
    if (h->W_Q) gsl_matrix_free(h->W_Q);
    if (h->W_K) gsl_matrix_free(h->W_K);
    if (h->W_V) gsl_matrix_free(h->W_V);
    free(h);
}

int softmax_rows(gsl_matrix *S) { return layer_softmax_forward(S, S); }

int attention_forward(const gsl_matrix *X, const gsl_matrix *P, const AttentionHead *h,
                      bool causal, gsl_matrix *weights, gsl_matrix *out) {
    size_t T = X->size1, d = X->size2, d_k = h->W_Q->size2, d_v = h->W_V->size2;
    if (h->W_Q->size1 != d || h->W_K->size1 != d || h->W_V->size1 != d || h->W_K->size2 != d_k)
        GSL_ERROR("weight shapes do not match the model width", GSL_EBADLEN);
    if (P && (P->size1 != T || P->size2 != d))
        GSL_ERROR("positional vectors must have the shape of X", GSL_EBADLEN);
    if (weights->size1 != T || weights->size2 != T || out->size1 != T || out->size2 != d_v)
        GSL_ERROR("output shapes must be (T,T) and (T,d_v)", GSL_EBADLEN);

    gsl_matrix *input = gsl_matrix_alloc(T, d);   // (T,d)   X + P
    gsl_matrix *Q = gsl_matrix_alloc(T, d_k);     // (T,d_k)
    gsl_matrix *K = gsl_matrix_alloc(T, d_k);     // (T,d_k)
    gsl_matrix *V = gsl_matrix_alloc(T, d_v);     // (T,d_v)
    int status = GSL_ENOMEM;
    if (input && Q && K && V) {
        gsl_matrix_memcpy(input, X);
        if (P) gsl_matrix_add(input, P);
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, input, h->W_Q, 0.0, Q);
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, input, h->W_K, 0.0, K);
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, input, h->W_V, 0.0, V);
        // S = Q K^T / sqrt(d_k), written straight into 'weights'
        gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0 / sqrt((double)d_k), Q, K, 0.0, weights);
        if (causal)
            for (size_t t = 0; t < T; t++)
                for (size_t s = t + 1; s < T; s++) gsl_matrix_set(weights, t, s, -INFINITY);
        status = softmax_rows(weights);
        if (status == GSL_SUCCESS)
            gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, weights, V, 0.0, out);  // O = A V
    }
    if (input) gsl_matrix_free(input);
    if (Q) gsl_matrix_free(Q);
    if (K) gsl_matrix_free(K);
    if (V) gsl_matrix_free(V);
    return status;
}
