// tiny_model.c: see tiny_model.h.
#include "tiny_model.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "layers.h"

// Lay the tensors out in the block in a fixed order: E, W_QKV, b_QKV, W_O, b_O, W_U, b_U, pe.
static TinyTensors tensors_view(double *block, size_t V, size_t d) {
    TinyTensors t;
    double *p = block;
    t.E = gsl_matrix_view_array(p, V, d), p += V * d;
    t.W_QKV = gsl_matrix_view_array(p, d, 3 * d), p += 3 * d * d;
    t.b_QKV = gsl_vector_view_array(p, 3 * d), p += 3 * d;
    t.W_O = gsl_matrix_view_array(p, d, d), p += d * d;
    t.b_O = gsl_vector_view_array(p, d), p += d;
    t.W_U = gsl_matrix_view_array(p, d, V), p += d * V;
    t.b_U = gsl_vector_view_array(p, V), p += V;
    t.pe = p;
    return t;
}

TinyModel *tiny_model_new(size_t V, const PosEncoding *pe) {
    if (pe == NULL || V == 0) return NULL;
    size_t d = pe->d;
    TinyModel *m = calloc(1, sizeof *m);
    if (m == NULL) return NULL;
    m->V = V;
    m->d = d;
    m->pe = pe;
    m->n_model = V * d + 3 * d * d + 3 * d + d * d + d + d * V + V;
    m->n_params = m->n_model + pe->n_params;
    m->params = calloc(m->n_params + 1, sizeof *m->params);   // +1: the pe slice may be empty
    m->grads = calloc(m->n_params + 1, sizeof *m->grads);
    if (m->params == NULL || m->grads == NULL) {
        tiny_model_free(m);
        return NULL;
    }
    m->p = tensors_view(m->params, V, d);
    m->g = tensors_view(m->grads, V, d);
    return m;
}

void tiny_model_free(TinyModel *m) {
    if (m == NULL) return;
    free(m->params);
    free(m->grads);
    free(m);
}

static void uniform_fill(double *x, size_t n, double a, const gsl_rng *rng) {
    for (size_t i = 0; i < n; i++) x[i] = gsl_ran_flat(rng, -a, a);
}

void tiny_model_init(TinyModel *m, const gsl_rng *rng, const gsl_rng *pe_rng) {
    size_t d = m->d;
    double bound = 1.0 / sqrt((double)d);   // every linear layer here has fan-in d
    gsl_matrix *E = &m->p.E.matrix;
    for (size_t v = 0; v < m->V; v++)
        for (size_t j = 0; j < d; j++) gsl_matrix_set(E, v, j, gsl_ran_gaussian(rng, 1.0));
    uniform_fill(m->p.W_QKV.matrix.data, 3 * d * d, bound, rng);
    uniform_fill(m->p.b_QKV.vector.data, 3 * d, bound, rng);
    uniform_fill(m->p.W_O.matrix.data, d * d, bound, rng);
    uniform_fill(m->p.b_O.vector.data, d, bound, rng);
    uniform_fill(m->p.W_U.matrix.data, d * m->V, bound, rng);
    uniform_fill(m->p.b_U.vector.data, m->V, bound, rng);
    m->pe->init_params(m->pe, m->p.pe, pe_rng);
}

void tiny_zero_grads(TinyModel *m) { memset(m->grads, 0, m->n_params * sizeof *m->grads); }

TinyActs *tiny_acts_new(const TinyModel *m, size_t B, size_t T) {
    if (B == 0 || T == 0 || T > m->pe->max_positions) return NULL;
    TinyActs *a = calloc(1, sizeof *a);
    if (a == NULL) return NULL;
    size_t N = B * T, d = m->d, V = m->V;
    a->B = B, a->T = T, a->N = N;
    a->tokens = calloc(N, sizeof *a->tokens);
    a->targets = calloc(N, sizeof *a->targets);
    a->weights = gsl_vector_calloc(N);
    a->ones = gsl_vector_alloc(N);
    a->X = gsl_matrix_alloc(N, d);
    a->QKV = gsl_matrix_alloc(N, 3 * d);
    a->A = gsl_matrix_alloc(N, T);
    a->Att = gsl_matrix_alloc(N, d);
    a->H = gsl_matrix_alloc(N, d);
    a->logits = gsl_matrix_alloc(N, V);
    a->probs = gsl_matrix_alloc(N, V);
    a->dX = gsl_matrix_alloc(N, d);
    a->dQKV = gsl_matrix_alloc(N, 3 * d);
    a->dAtt = gsl_matrix_alloc(N, d);
    a->dH = gsl_matrix_alloc(N, d);
    a->dlogits = gsl_matrix_alloc(N, V);
    a->S = gsl_matrix_alloc(T, T);
    a->dS = gsl_matrix_alloc(T, T);
    a->dA = gsl_matrix_alloc(T, T);
    if (!a->tokens || !a->targets || !a->weights || !a->ones || !a->X || !a->QKV || !a->A || !a->Att ||
        !a->H || !a->logits || !a->probs || !a->dX || !a->dQKV || !a->dAtt || !a->dH || !a->dlogits || !a->S ||
        !a->dS || !a->dA) {
        tiny_acts_free(a);
        return NULL;
    }
    gsl_vector_set_all(a->ones, 1.0);
    return a;
}

void tiny_acts_free(TinyActs *a) {
    if (a == NULL) return;
    free(a->tokens);
    free(a->targets);
    gsl_matrix *mats[] = {a->X,  a->QKV,  a->A,    a->Att,     a->H, a->logits, a->probs,
                          a->dX, a->dQKV, a->dAtt, a->dH, a->dlogits, a->S,      a->dS, a->dA};
    for (size_t i = 0; i < sizeof mats / sizeof mats[0]; i++)
        if (mats[i]) gsl_matrix_free(mats[i]);
    if (a->weights) gsl_vector_free(a->weights);
    if (a->ones) gsl_vector_free(a->ones);
    free(a);
}

// Views of one sequence b: rows bT..bT+T-1.
static gsl_matrix_view rows_of(gsl_matrix *M, const TinyActs *a, size_t b, size_t col, size_t width) {
    return gsl_matrix_submatrix(M, b * a->T, col, a->T, width);
}

int tiny_embed(const TinyModel *m, TinyActs *a) {
    // X (N,d) = E[tokens]
    int status = layer_embedding_forward(a->X, a->tokens, &m->p.E.matrix);
    if (status != GSL_SUCCESS) return status;
    // X_b (T,d) += the encoding's positions 0..T-1 (a no-op for NoPE)
    for (size_t b = 0; b < a->B; b++) {
        gsl_matrix_view X_b = rows_of(a->X, a, b, 0, m->d);
        m->pe->input_forward(m->pe, m->p.pe, &X_b.matrix);
    }
    return GSL_SUCCESS;
}

int tiny_forward_body(const TinyModel *m, TinyActs *a) {
    size_t d = m->d, T = a->T;
    double scale = 1.0 / sqrt((double)d);
    // QKV (N,3d) = X (N,d) W_QKV (d,3d) + b_QKV
    int status = layer_linear_forward(a->QKV, a->X, &m->p.W_QKV.matrix, &m->p.b_QKV.vector);
    for (size_t b = 0; b < a->B && status == GSL_SUCCESS; b++) {
        gsl_matrix_view Q = rows_of(a->QKV, a, b, 0, d), K = rows_of(a->QKV, a, b, d, d);
        gsl_matrix_view Vb = rows_of(a->QKV, a, b, 2 * d, d);
        gsl_matrix_view A = rows_of(a->A, a, b, 0, T), Att = rows_of(a->Att, a, b, 0, d);
        m->pe->qk_forward(m->pe, m->p.pe, &Q.matrix, &K.matrix);                 // RoPE would rotate here
        status = layer_scores_forward(a->S, &Q.matrix, &K.matrix, scale);         // S (T,T) = Q K^T / sqrt(d)
        if (status != GSL_SUCCESS) break;
        m->pe->score_forward(m->pe, m->p.pe, a->S);                              // ALiBi would add its bias here
        status = layer_softmax_forward(&A.matrix, a->S);                          // A (T,T) = softmax_rows(S)
        if (status == GSL_SUCCESS) status = layer_mix_forward(&Att.matrix, &A.matrix, &Vb.matrix);  // Att_b (T,d) = A V
    }
    // H (N,d) = Att W_O + b_O, then H += X (residual)
    if (status == GSL_SUCCESS) status = layer_linear_forward(a->H, a->Att, &m->p.W_O.matrix, &m->p.b_O.vector);
    if (status == GSL_SUCCESS) status = gsl_matrix_add(a->H, a->X);
    // logits (N,V) = H W_U + b_U; loss and probs
    if (status == GSL_SUCCESS) status = layer_linear_forward(a->logits, a->H, &m->p.W_U.matrix, &m->p.b_U.vector);
    if (status == GSL_SUCCESS)
        status = layer_crossentropy_forward(a->probs, &a->loss, a->logits, a->targets, a->weights);
    return status;
}

int tiny_forward(const TinyModel *m, TinyActs *a) {
    int status = tiny_embed(m, a);
    return status == GSL_SUCCESS ? tiny_forward_body(m, a) : status;
}

int tiny_backward(TinyModel *m, TinyActs *a) {
    size_t d = m->d, T = a->T;
    double scale = 1.0 / sqrt((double)d);
    TinyTensors *p = &m->p, *g = &m->g;
    // loss = sum_n w_n (-log softmax(logits_n)[target_n])  =>  dlogits (N,V)
    int status = layer_crossentropy_backward(a->dlogits, a->probs, a->targets, a->weights);
    // logits = H W_U + b_U  =>  dH = dlogits W_U^T, dW_U += H^T dlogits, db_U += colsum
    gsl_matrix_set_zero(a->dH);
    if (status == GSL_SUCCESS)
        status = layer_linear_backward(a->dH, &g->W_U.matrix, &g->b_U.vector, a->dlogits, a->H, &p->W_U.matrix, a->ones);
    // H = X + (Att W_O + b_O)  =>  dX = dH (residual path), dAtt = dH W_O^T, dW_O += Att^T dH
    gsl_matrix_memcpy(a->dX, a->dH);
    gsl_matrix_set_zero(a->dAtt);
    if (status == GSL_SUCCESS)
        status = layer_linear_backward(a->dAtt, &g->W_O.matrix, &g->b_O.vector, a->dH, a->Att, &p->W_O.matrix, a->ones);
    gsl_matrix_set_zero(a->dQKV);
    for (size_t b = 0; b < a->B && status == GSL_SUCCESS; b++) {
        gsl_matrix_view Q = rows_of(a->QKV, a, b, 0, d), K = rows_of(a->QKV, a, b, d, d);
        gsl_matrix_view Vb = rows_of(a->QKV, a, b, 2 * d, d);
        gsl_matrix_view dQ = rows_of(a->dQKV, a, b, 0, d), dK = rows_of(a->dQKV, a, b, d, d);
        gsl_matrix_view dV = rows_of(a->dQKV, a, b, 2 * d, d);
        gsl_matrix_view A = rows_of(a->A, a, b, 0, T), dAtt = rows_of(a->dAtt, a, b, 0, d);
        // Att_b = A V  =>  dA = dAtt V^T, dV += A^T dAtt
        status = layer_mix_backward(a->dA, &dV.matrix, &dAtt.matrix, &A.matrix, &Vb.matrix);
        // A = softmax_rows(S)  =>  dS = A o (dA - rowsum(dA o A))
        if (status == GSL_SUCCESS) status = layer_softmax_backward(a->dS, a->dA, &A.matrix);
        if (status != GSL_SUCCESS) break;
        // S += the encoding's score bias  =>  its parameters get sum dS * d(bias)
        m->pe->score_backward(m->pe, p->pe, g->pe, a->dS);
        // S = Q K^T / sqrt(d)  =>  dQ += dS K / sqrt(d), dK += dS^T Q / sqrt(d)
        status = layer_scores_backward(&dQ.matrix, &dK.matrix, a->dS, &Q.matrix, &K.matrix, scale);
        // Q, K rotated by the encoding  =>  rotate dQ, dK back
        m->pe->qk_backward(m->pe, p->pe, g->pe, &dQ.matrix, &dK.matrix);
    }
    // QKV = X W_QKV + b_QKV  =>  dX += dQKV W_QKV^T, dW_QKV += X^T dQKV, db_QKV += colsum
    if (status == GSL_SUCCESS)
        status = layer_linear_backward(a->dX, &g->W_QKV.matrix, &g->b_QKV.vector, a->dQKV, a->X, &p->W_QKV.matrix,
                                       a->ones);
    if (status != GSL_SUCCESS) return status;
    // X_b += the encoding's positions  =>  its parameters get dX_b
    for (size_t b = 0; b < a->B; b++) {
        gsl_matrix_view dX_b = rows_of(a->dX, a, b, 0, d);
        m->pe->input_backward(m->pe, g->pe, &dX_b.matrix);
    }
    // X = E[tokens]  =>  dE[tokens[n]] += dX[n]
    return layer_embedding_backward(&g->E.matrix, a->dX, a->tokens);
}
