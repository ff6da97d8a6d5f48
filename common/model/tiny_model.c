// tiny_model.c: see tiny_model.h.
#include "model/tiny_model.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/random.h"
#include "model/layers.h"

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

void tiny_model_init(TinyModel *m, const gsl_rng *rng, const gsl_rng *pe_rng) {
    size_t d = m->d;
    double bound = 1.0 / sqrt((double)d);   // every linear layer here has fan-in d
    random_gaussian_matrix(&m->p.E.matrix, rng, 1.0);
    random_uniform_matrix(&m->p.W_QKV.matrix, rng, bound);
    random_uniform_vector(&m->p.b_QKV.vector, rng, bound);
    random_uniform_matrix(&m->p.W_O.matrix, rng, bound);
    random_uniform_vector(&m->p.b_O.vector, rng, bound);
    random_uniform_matrix(&m->p.W_U.matrix, rng, bound);
    random_uniform_vector(&m->p.b_U.vector, rng, bound);
    m->pe->init_params(m->pe, m->p.pe, pe_rng);
}

void tiny_zero_grads(TinyModel *m) { memset(m->grads, 0, m->n_params * sizeof *m->grads); }

// Every matrix and vector of the activations with its shape, in one list that
// allocation and freeing both walk (Tok3, Pos3, dTok3, dPos3 are views, made after).
typedef struct {
    gsl_matrix **matrix;
    gsl_vector **vector;
    gsl_matrix_float **matrix_f;   // float32 (tiny_model.h, 5.)
    size_t rows, cols;             // a vector has 'rows' entries
} ActsBuffer;

static size_t acts_buffers(TinyActs *a, size_t V, size_t d, ActsBuffer *list) {
    size_t N = a->N, T = a->T, K = V + T, n = 0;
#define MAT(field, r, c) list[n++] = (ActsBuffer){.matrix = &a->field, .rows = (r), .cols = (c)}
#define VEC(field, r) list[n++] = (ActsBuffer){.vector = &a->field, .rows = (r)}
#define MATF(field, r, c) list[n++] = (ActsBuffer){.matrix_f = &a->field, .rows = (r), .cols = (c)}
    MAT(Xpos, T, d), MAT(dXpos, T, d), MAT(Z, K, 3 * d), MAT(dZ, K, 3 * d);
    MAT(W_eff, d, 3 * d), MAT(dW_eff, d, 3 * d), VEC(b_eff, 3 * d), VEC(db_eff, 3 * d);
    MAT(X, N, d), MAT(QKV, N, 3 * d), MAT(A, N, T), MAT(Att, N, d), MAT(H, N, d);
    MAT(logits, N, V), MAT(probs, N, V);
    MAT(dX, N, d), MAT(dQKV, N, 3 * d), MAT(dH, N, d), MAT(dlogits, N, V);
    MAT(S, T, T), MAT(dS, T, T), MAT(dA, T, T);
    MAT(G, K, K), MAT(dG, K, K), MAT(U, K, V), MAT(U_T, V, K), MAT(dU, K, V), MAT(XU, K, V), MAT(dXU, K, V);
    VEC(c, V), VEC(dc, V), VEC(query_row, K), VEC(four_rows, 4 * T + K), MAT(C, N, K), MAT(dC, N, K), MAT(scores, N, T);
    VEC(weights, N), VEC(ones, N > V ? N : V);
    MATF(Cf, N, K), MATF(dCf, N, K), MATF(Uf, K, V), MATF(U_Tf, V, K), MATF(dUf, K, V), MATF(product_f, N, V);
    if (a->n_offsets) MAT(KR, a->n_offsets * V, d), MAT(dKR, a->n_offsets * V, d), MAT(Gr, V, a->n_offsets * V),
                      MAT(dGr, V, a->n_offsets * V);
#undef MAT
#undef VEC
#undef MATF
    return n;
}
enum { ACTS_MAX_BUFFERS = 64 };

// A float32 matrix followed by FLOAT_TAIL spare floats: BLIS's sgemm (Debian's
// 0.9, haswell kernels) reads a few bytes past the last element of a small
// operand while packing it (valgrind: 4 bytes past a (2,66) C, chapter 6's
// wide-table memcheck run), and the spare floats keep that read inside the
// allocation.
enum { FLOAT_TAIL = 16 };
static gsl_matrix_float *float_matrix_calloc(size_t rows, size_t cols) {
    gsl_block_float *block = gsl_block_float_calloc(rows * cols + FLOAT_TAIL);
    gsl_matrix_float *m = block ? gsl_matrix_float_alloc_from_block(block, 0, rows, cols, cols) : NULL;
    if (m == NULL) {
        if (block) gsl_block_float_free(block);
        return NULL;
    }
    m->owner = 1;   // so that gsl_matrix_float_free frees the block too
    return m;
}

size_t tiny_acts_bytes(size_t V, size_t d, size_t B, size_t T, bool rotary) {
    TinyActs shape = {.B = B, .T = T, .N = B * T, .n_offsets = rotary ? 2 * T - 1 : 0};
    ActsBuffer list[ACTS_MAX_BUFFERS];
    size_t n = acts_buffers(&shape, V, d, list), bytes = 0;
    for (size_t i = 0; i < n; i++)
        bytes += list[i].vector ? list[i].rows * sizeof(double)
                : list[i].matrix ? list[i].rows * list[i].cols * sizeof(double)
                                 : (list[i].rows * list[i].cols + FLOAT_TAIL) * sizeof(float);
    return bytes + 2 * shape.N * sizeof(size_t);   // + tokens, targets
}

TinyActs *tiny_acts_new(const TinyModel *m, size_t B, size_t T) {
    if (B == 0 || T == 0 || T > m->pe->max_positions) return NULL;
    TinyActs *a = calloc(1, sizeof *a);
    if (a == NULL) return NULL;
    size_t N = B * T, d = m->d, V = m->V;
    a->B = B, a->T = T, a->N = N;
    a->n_offsets = m->pe->qk_relative ? 2 * T - 1 : 0;   // the rotary path's tables
    a->tokens = calloc(N, sizeof *a->tokens);
    a->targets = calloc(N, sizeof *a->targets);
    bool ok = a->tokens && a->targets;
    ActsBuffer list[ACTS_MAX_BUFFERS];
    size_t n = acts_buffers(a, V, d, list);
    for (size_t i = 0; i < n && ok; i++) {
        if (list[i].matrix) ok = (*list[i].matrix = gsl_matrix_calloc(list[i].rows, list[i].cols)) != NULL;
        else if (list[i].matrix_f) ok = (*list[i].matrix_f = float_matrix_calloc(list[i].rows, list[i].cols)) != NULL;
        else ok = (*list[i].vector = gsl_vector_calloc(list[i].rows)) != NULL;
    }
    if (ok) {   // Tok3, Pos3 are Z's row blocks (views that own no memory), dTok3, dPos3 dZ's
        ok = (a->Tok3 = gsl_matrix_alloc_from_matrix(a->Z, 0, 0, V, 3 * d)) &&
             (a->Pos3 = gsl_matrix_alloc_from_matrix(a->Z, V, 0, T, 3 * d)) &&
             (a->dTok3 = gsl_matrix_alloc_from_matrix(a->dZ, 0, 0, V, 3 * d)) &&
             (a->dPos3 = gsl_matrix_alloc_from_matrix(a->dZ, V, 0, T, 3 * d));
    }
    if (!ok) {
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
    gsl_matrix *views[] = {a->Tok3, a->Pos3, a->dTok3, a->dPos3};
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++)
        if (views[i]) gsl_matrix_free(views[i]);
    ActsBuffer list[ACTS_MAX_BUFFERS];
    size_t n = acts_buffers(a, 0, 0, list);   // only the pointers are needed here
    for (size_t i = 0; i < n; i++) {
        if (list[i].matrix && *list[i].matrix) gsl_matrix_free(*list[i].matrix);
        if (list[i].vector && *list[i].vector) gsl_vector_free(*list[i].vector);
        if (list[i].matrix_f && *list[i].matrix_f) gsl_matrix_float_free(*list[i].matrix_f);
    }
    free(a);
}

// Views of one sequence b: rows bT..bT+T-1.
static gsl_matrix_view rows_of(gsl_matrix *M, const TinyActs *a, size_t b, size_t col, size_t width) {
    return gsl_matrix_submatrix(M, b * a->T, col, a->T, width);
}

// M_b += block for every sequence b: M (N,w) seen as (B, T*w), block (T,w) as
// one row of T*w, added to every row by a BLAS rank-1 update with ones (B,).
static int add_to_every_sequence(gsl_matrix *M, const gsl_matrix *block, const TinyActs *a) {
    gsl_matrix_view Mb = gsl_matrix_view_array(M->data, a->B, block->size1 * block->size2);
    gsl_vector_const_view flat = gsl_vector_const_view_array(block->data, block->size1 * block->size2);
    gsl_vector_const_view ones = gsl_vector_const_subvector(a->ones, 0, a->B);
    return gsl_blas_dger(1.0, &ones.vector, &flat.vector, &Mb.matrix);
}

// block += sum over sequences b of M_b (the backward of add_to_every_sequence):
// (B, T*w)^T ones (B,), one BLAS matrix-vector product.
static int sum_over_sequences(gsl_matrix *block, const gsl_matrix *M, const TinyActs *a) {
    gsl_matrix_const_view Mb = gsl_matrix_const_view_array(M->data, a->B, block->size1 * block->size2);
    gsl_vector_view flat = gsl_vector_view_array(block->data, block->size1 * block->size2);
    gsl_vector_const_view ones = gsl_vector_const_subvector(a->ones, 0, a->B);
    return gsl_blas_dgemv(CblasTrans, 1.0, &Mb.matrix, &ones.vector, 1.0, &flat.vector);
}

// out[n] = table[token_n] + table[V + t_n]: a table (V+T, w) with a row for every
// token and then one for every position, read by row n's token and position.
// Both blocks span whole rows, so the position block is contiguous as
// add_to_every_sequence needs.
static int lookup_rows(gsl_matrix *out, const gsl_matrix *table, const TinyActs *a) {
    size_t V = table->size1 - a->T, w = table->size2;
    gsl_matrix_const_view tok = gsl_matrix_const_submatrix(table, 0, 0, V, w);
    gsl_matrix_const_view pos = gsl_matrix_const_submatrix(table, V, 0, a->T, w);
    int status = layer_embedding_forward(out, a->tokens, &tok.matrix);
    return status == GSL_SUCCESS ? add_to_every_sequence(out, &pos.matrix, a) : status;
}

// Backward of lookup_rows: dtable[token_n] += dout[n]; dtable[V+t] += sum over sequences of dout[bT+t].
static int lookup_rows_backward(gsl_matrix *dtable, const gsl_matrix *dout, const TinyActs *a) {
    size_t V = dtable->size1 - a->T, w = dtable->size2;
    gsl_matrix_view tok = gsl_matrix_submatrix(dtable, 0, 0, V, w);
    gsl_matrix_view pos = gsl_matrix_submatrix(dtable, V, 0, a->T, w);
    int status = layer_embedding_backward(&tok.matrix, dout, a->tokens);
    return status == GSL_SUCCESS ? sum_over_sequences(&pos.matrix, dout, a) : status;
}

// Xpos (T,d) = the encoding's p_0..p_{T-1}: its input hook applied to zeros (0 for NoPE).
static void position_vectors(const TinyModel *m, TinyActs *a) {
    gsl_matrix_set_zero(a->Xpos);
    m->pe->input_forward(m->pe, m->p.pe, a->Xpos);
}

int tiny_embed(const TinyModel *m, TinyActs *a) {
    position_vectors(m, a);
    // X (N,d) = E[tokens] + Xpos[positions]
    int status = layer_embedding_forward(a->X, a->tokens, &m->p.E.matrix);
    return status == GSL_SUCCESS ? add_to_every_sequence(a->X, a->Xpos, a) : status;
}

// W_eff (d,3d) = [W_Q | W_K | W_V W_O], b_eff (3d,) = [b_Q | b_K | b_V W_O]: the value
// and output projections multiplied once (the "OV circuit", see tiny_model.h).
static int effective_weights(const TinyModel *m, TinyActs *a) {
    size_t d = m->d;
    gsl_matrix_const_view W_QK = gsl_matrix_const_submatrix(&m->p.W_QKV.matrix, 0, 0, d, 2 * d);
    gsl_matrix_const_view W_V = gsl_matrix_const_submatrix(&m->p.W_QKV.matrix, 0, 2 * d, d, d);
    gsl_vector_const_view b_QK = gsl_vector_const_subvector(&m->p.b_QKV.vector, 0, 2 * d);
    gsl_vector_const_view b_V = gsl_vector_const_subvector(&m->p.b_QKV.vector, 2 * d, d);
    gsl_matrix_view eff_QK = gsl_matrix_submatrix(a->W_eff, 0, 0, d, 2 * d);
    gsl_matrix_view W_VO = gsl_matrix_submatrix(a->W_eff, 0, 2 * d, d, d);
    gsl_vector_view beff_QK = gsl_vector_subvector(a->b_eff, 0, 2 * d), b_VO = gsl_vector_subvector(a->b_eff, 2 * d, d);
    gsl_matrix_memcpy(&eff_QK.matrix, &W_QK.matrix);
    gsl_vector_memcpy(&beff_QK.vector, &b_QK.vector);
    int status = gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, &W_V.matrix, &m->p.W_O.matrix, 0.0, &W_VO.matrix);
    if (status == GSL_SUCCESS)   // b_VO (row) = b_V W_O, i.e. W_O^T b_V
        status = gsl_blas_dgemv(CblasTrans, 1.0, &m->p.W_O.matrix, &b_V.vector, 0.0, &b_VO.vector);
    return status;
}

// Backward of effective_weights: from dW_eff, db_eff to the parameters.
//   [W_Q|W_K] = W_eff[:, :2d]   =>  dW_Q, dW_K += dW_eff[:, :2d]  (and the biases alike)
//   W_VO = W_V W_O              =>  dW_V += dW_VO W_O^T,  dW_O += W_V^T dW_VO
//   b_VO = b_V W_O (rows)       =>  db_V += dW_O-side: W_O db_VO,  dW_O += b_V db_VO^T
static int effective_weights_backward(TinyModel *m, TinyActs *a) {
    size_t d = m->d;
    TinyTensors *p = &m->p, *g = &m->g;
    gsl_matrix_view dW_QK = gsl_matrix_submatrix(&g->W_QKV.matrix, 0, 0, d, 2 * d);
    gsl_matrix_view dW_V = gsl_matrix_submatrix(&g->W_QKV.matrix, 0, 2 * d, d, d);
    gsl_vector_view db_QK = gsl_vector_subvector(&g->b_QKV.vector, 0, 2 * d), db_V = gsl_vector_subvector(&g->b_QKV.vector, 2 * d, d);
    gsl_matrix_const_view W_V = gsl_matrix_const_submatrix(&p->W_QKV.matrix, 0, 2 * d, d, d);
    gsl_vector_const_view b_V = gsl_vector_const_subvector(&p->b_QKV.vector, 2 * d, d);
    gsl_matrix_const_view deff_QK = gsl_matrix_const_submatrix(a->dW_eff, 0, 0, d, 2 * d);
    gsl_matrix_const_view dW_VO = gsl_matrix_const_submatrix(a->dW_eff, 0, 2 * d, d, d);
    gsl_vector_const_view dbeff_QK = gsl_vector_const_subvector(a->db_eff, 0, 2 * d), db_VO = gsl_vector_const_subvector(a->db_eff, 2 * d, d);
    int status = gsl_matrix_add(&dW_QK.matrix, &deff_QK.matrix);
    if (status == GSL_SUCCESS) status = gsl_vector_add(&db_QK.vector, &dbeff_QK.vector);
    if (status == GSL_SUCCESS)
        status = gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, &dW_VO.matrix, &p->W_O.matrix, 1.0, &dW_V.matrix);
    if (status == GSL_SUCCESS)
        status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, &W_V.matrix, &dW_VO.matrix, 1.0, &g->W_O.matrix);
    if (status == GSL_SUCCESS)
        status = gsl_blas_dgemv(CblasNoTrans, 1.0, &p->W_O.matrix, &db_VO.vector, 1.0, &db_V.vector);
    if (status == GSL_SUCCESS) status = gsl_blas_dger(1.0, &b_V.vector, &db_VO.vector, &g->W_O.matrix);
    return status;
}

// The causal mask: a query at t sees the keys s <= t only. Scores of later
// keys become -inf before a softmax (weight 0); rows of exp factors get 0.
// Every backward step starts from A, whose masked entries are then exactly 0,
// so the gradients need no mask of their own.
static void mask_scores(double *row, size_t t, size_t T) {
    for (size_t s = t + 1; s < T; s++) row[s] = -INFINITY;
}
static void mask_factors(double *row, size_t t, size_t T) {
    for (size_t s = t + 1; s < T; s++) row[s] = 0.0;
}

// Attention onward, from QKV = [q | k | v W_O] (N,3d) to the loss.
static int forward_from_qkv(const TinyModel *m, TinyActs *a) {
    size_t d = m->d, T = a->T;
    double scale = 1.0 / sqrt((double)d);
    int status = GSL_SUCCESS;
    for (size_t b = 0; b < a->B && status == GSL_SUCCESS; b++) {
        gsl_matrix_view Q = rows_of(a->QKV, a, b, 0, d), K = rows_of(a->QKV, a, b, d, d);
        gsl_matrix_view VO = rows_of(a->QKV, a, b, 2 * d, d);
        gsl_matrix_view A = rows_of(a->A, a, b, 0, T), Att = rows_of(a->Att, a, b, 0, d);
        m->pe->qk_forward(m->pe, m->p.pe, &Q.matrix, &K.matrix);                 // RoPE would rotate here
        status = layer_scores_forward(a->S, &Q.matrix, &K.matrix, scale);         // S (T,T) = Q K^T / sqrt(d)
        if (status != GSL_SUCCESS) break;
        m->pe->score_forward(m->pe, m->p.pe, a->S);                              // ALiBi would add its bias here
        if (m->causal)
            for (size_t t = 0; t < T; t++) mask_scores(gsl_matrix_ptr(a->S, t, 0), t, T);
        status = layer_softmax_forward(&A.matrix, a->S);                          // A (T,T) = softmax_rows(S)
        if (status == GSL_SUCCESS)                                                // Att_b (T,d) = A (V W_O) = (A V) W_O
            status = layer_mix_forward(&Att.matrix, &A.matrix, &VO.matrix);
    }
    // H (N,d) = X + Att W_O + b_O  (Att already carries W_O)
    if (status == GSL_SUCCESS) {
        gsl_vector_view ones = gsl_vector_subvector(a->ones, 0, a->N);
        gsl_matrix_memcpy(a->H, a->Att);
        status = gsl_matrix_add(a->H, a->X);
        if (status == GSL_SUCCESS) status = gsl_blas_dger(1.0, &ones.vector, &m->p.b_O.vector, a->H);   // + 1 b_O^T
    }
    // logits (N,V) = H W_U + b_U; loss and probs
    if (status == GSL_SUCCESS) status = layer_linear_forward(a->logits, a->H, &m->p.W_U.matrix, &m->p.b_U.vector);
    if (status == GSL_SUCCESS)
        status = layer_crossentropy_forward(a->probs, &a->loss, a->logits, a->targets, a->weights);
    return status;
}

int tiny_forward_body(const TinyModel *m, TinyActs *a) {
    a->path = TINY_PATH_PER_SEQUENCE;
    // QKV (N,3d) = X (N,d) W_eff (d,3d) + b_eff: the plain product
    int status = effective_weights(m, a);
    if (status == GSL_SUCCESS) status = layer_linear_forward(a->QKV, a->X, a->W_eff, a->b_eff);
    return status == GSL_SUCCESS ? forward_from_qkv(m, a) : status;
}

// out = in rounded to float; the same shape, rows contiguous in both.
static void round_to_float(gsl_matrix_float *out, const gsl_matrix *in) {
    for (size_t i = 0; i < in->size1; i++) {
        const double *src = gsl_matrix_const_ptr(in, i, 0);
        float *dst = gsl_matrix_float_ptr(out, i, 0);
        for (size_t j = 0; j < in->size2; j++) dst[j] = (float)src[j];
    }
}

// out = in (accumulate false) or out += in (true), in double.
static void from_float(gsl_matrix *out, const gsl_matrix_float *in, bool accumulate) {
    for (size_t i = 0; i < in->size1; i++) {
        const float *src = gsl_matrix_float_const_ptr(in, i, 0);
        double *dst = gsl_matrix_ptr(out, i, 0);
        if (accumulate)
            for (size_t j = 0; j < in->size2; j++) dst[j] += (double)src[j];
        else
            for (size_t j = 0; j < in->size2; j++) dst[j] = (double)src[j];
    }
}

// The end of softmax rows computed as products: each A row (T,) holds
// exp(S - c) for its query; divide it by its sum and write the row's C
// (keys_scatter of the A row, done here while the row is at hand):
// C[u] = sum of A over keys of token u, C[V+s] = A[s]. C is double, or
// float32 with float32_values (tiny_model.h, 5.; its token sums then add up in float).
//
// The rows wait and are finished four at a time: a row's sum is a chain of T
// additions, each waiting for the last (40% of a row's time alone), and four
// rows' chains run side by side. Every row is summed and scattered in the same
// order as alone: the same bits.
enum { PENDING_ROWS = 4 };
typedef struct {
    double *A[PENDING_ROWS];
    double *C[PENDING_ROWS];       // the rows' C (double), or NULL and
    float *Cf[PENDING_ROWS];       // their Cf (float32_values)
    const size_t *keys[PENDING_ROWS];
    size_t n;
} PendingRows;

// scatter_rows_double, scatter_rows_float: the C rows of n <= 4 normalised A rows.
#define DEFINE_SCATTER_ROWS(name, type)                                                                       \
    static void name(type *const *c, double *const *a, const size_t *const *k, size_t n, size_t T, size_t V) { \
        if (n == PENDING_ROWS) {                                                                              \
            type *restrict c0 = c[0], *restrict c1 = c[1], *restrict c2 = c[2], *restrict c3 = c[3];          \
            const double *a0 = a[0], *a1 = a[1], *a2 = a[2], *a3 = a[3];                                      \
            const size_t *k0 = k[0], *k1 = k[1], *k2 = k[2], *k3 = k[3];                                      \
            for (size_t u = 0; u < V; u++) c0[u] = c1[u] = c2[u] = c3[u] = 0;                                 \
            for (size_t s = 0; s < T; s++) {                                                                  \
                c0[k0[s]] += (type)a0[s];                                                                     \
                c1[k1[s]] += (type)a1[s];                                                                     \
                c2[k2[s]] += (type)a2[s];                                                                     \
                c3[k3[s]] += (type)a3[s];                                                                     \
            }                                                                                                 \
            for (size_t s = 0; s < T; s++) {                                                                  \
                c0[V + s] = (type)a0[s];                                                                      \
                c1[V + s] = (type)a1[s];                                                                      \
                c2[V + s] = (type)a2[s];                                                                      \
                c3[V + s] = (type)a3[s];                                                                      \
            }                                                                                                 \
            return;                                                                                           \
        }                                                                                                     \
        for (size_t r = 0; r < n; r++) {                                                                      \
            type *restrict cr = c[r];                                                                         \
            for (size_t u = 0; u < V; u++) cr[u] = 0;                                                         \
            for (size_t s = 0; s < T; s++) cr[k[r][s]] += (type)a[r][s];                                     \
            for (size_t s = 0; s < T; s++) cr[V + s] = (type)a[r][s];                                         \
        }                                                                                                     \
    }
DEFINE_SCATTER_ROWS(scatter_rows_double, double)
DEFINE_SCATTER_ROWS(scatter_rows_float, float)
#undef DEFINE_SCATTER_ROWS

static void finish_pending(PendingRows *p, size_t T, size_t V) {
    if (p->n == PENDING_ROWS) layer_normalise_four_rows(p->A[0], p->A[1], p->A[2], p->A[3], T);
    else
        for (size_t r = 0; r < p->n; r++) {
            double sum = 0.0;
            for (size_t s = 0; s < T; s++) sum += p->A[r][s];
            double inv = 1.0 / sum;
            for (size_t s = 0; s < T; s++) p->A[r][s] *= inv;
        }
    if (p->Cf[0]) scatter_rows_float(p->Cf, p->A, p->keys, p->n, T, V);
    else scatter_rows_double(p->C, p->A, p->keys, p->n, T, V);
    p->n = 0;
}

// Query row n's A row (T,), exps written, to be finished with the next ones.
static void finish_later(PendingRows *p, TinyActs *a, size_t n, const size_t *keys, size_t V) {
    p->A[p->n] = gsl_matrix_ptr(a->A, n, 0);
    p->C[p->n] = a->float32_values ? NULL : gsl_matrix_ptr(a->C, n, 0);
    p->Cf[p->n] = a->float32_values ? gsl_matrix_float_ptr(a->Cf, n, 0) : NULL;
    p->keys[p->n] = keys;
    if (++p->n == PENDING_ROWS) finish_pending(p, a->T, V);
}

// C = keys_scatter(A) after a softmax taken the plain way (S, then softmax_rows),
// and its float32 copy with float32_values.
static int scatter_weights(TinyActs *a) {
    int status = layer_keys_scatter(a->C, a->A, a->tokens);
    if (status == GSL_SUCCESS && a->float32_values) round_to_float(a->Cf, a->C);
    return status;
}

// F = exp(M - rowmax(M)) row by row into F; returns the widest row's range max - min of M.
static double exp_table(gsl_matrix *F, const gsl_matrix *M) {
    double widest = 0.0;
    for (size_t i = 0; i < M->size1; i++) {
        gsl_vector_const_view row = gsl_matrix_const_row(M, i);
        double lo, hi;
        gsl_vector_minmax(&row.vector, &lo, &hi);
        widest = fmax(widest, hi - lo);
        layer_exp_shifted(gsl_matrix_ptr(F, i, 0), row.vector.data, M->size2, hi);
    }
    return widest;
}

// A (N,T) = softmax_rows(S) and C = keys_scatter(A) for the factored path. Query row n
// = (token u, position t) and key s = (token u_s, position s) meet in four entries of G:
//   S[n,s] = R[n,u_s] + R[n,V+s]  with  R[n] = G[u] + G[V+t]  (N,K)
// Since exp of a sum is the product of the exps, with F = exp(G - rowmax(G)) (K,K):
//   exp(S[n,s] - c_n) = F[u,u_s] F[u,V+s] F[V+t,u_s] F[V+t,V+s]
// (c_n a constant of the row, which the normalisation removes). That is K*K
// exps per step instead of N*T, the difference between 2,304 and 65,536 for
// chapter 6. It stays exact to a few ulp while every product is a normal
// number: when one G row spans >= EXP_PRODUCT_RANGE (a product of four
// factors could fall below DBL_MIN, ~e^-708), the step takes the plain route,
// S then exp, instead. a->exp_products records which route ran.
#define EXP_PRODUCT_RANGE 175.0
static int factored_softmax(TinyActs *a, bool causal) {
    size_t K = a->G->size1, T = a->T, V = K - T;
    // F (K,K) in dG (free until the backward)
    a->exp_products = exp_table(a->dG, a->G) < EXP_PRODUCT_RANGE;
    if (!a->exp_products) {   // S = keys_gather(R) (C holds R for a moment), the softmax, C = keys_scatter(A)
        int status = lookup_rows(a->C, a->G, a);
        if (status == GSL_SUCCESS) status = layer_keys_gather(a->scores, a->C, a->tokens);
        if (causal)
            for (size_t n = 0; n < a->N; n++) mask_scores(gsl_matrix_ptr(a->scores, n, 0), n % T, T);
        if (status == GSL_SUCCESS) status = layer_softmax_forward(a->A, a->scores);
        return status == GSL_SUCCESS ? scatter_weights(a) : status;
    }
    // per query row: f = F[u] o F[V+t] (K,), then A[n,s] = f[u_s] f[V+s] / sum
    double *restrict f = a->query_row->data;   // (K,)
    PendingRows pending = {.n = 0, .Cf = {NULL}};
    for (size_t n = 0; n < a->N; n++) {
        size_t t = n % T;
        const size_t *key_tokens = a->tokens + (n - t);
        const double *f_tok = gsl_matrix_const_ptr(a->dG, a->tokens[n], 0), *f_pos = gsl_matrix_const_ptr(a->dG, V + t, 0);
        for (size_t j = 0; j < K; j++) f[j] = f_tok[j] * f_pos[j];
        double *restrict A = gsl_matrix_ptr(a->A, n, 0);
        for (size_t s = 0; s < T; s++) A[s] = f[key_tokens[s]] * f[V + s];
        if (causal) mask_factors(A, t, T);
        finish_later(&pending, a, n, key_tokens, V);
    }
    finish_pending(&pending, T, V);
    return GSL_SUCCESS;
}

// ---- the value products in float32 (tiny_model.h, 5.) ------------------------------------

// logits (N,V) += C (N,K) U (K,V). With float32_values, from the float32 C the
// softmax wrote; U and U^T are rounded to float here, and the backward reuses them.
static int logits_add_values(TinyActs *a) {
    if (!a->float32_values) return gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, a->C, a->U, 1.0, a->logits);
    round_to_float(a->Uf, a->U);
    round_to_float(a->U_Tf, a->U_T);
    int status = gsl_blas_sgemm(CblasNoTrans, CblasNoTrans, 1.0f, a->Cf, a->Uf, 0.0f, a->product_f);
    if (status == GSL_SUCCESS) from_float(a->logits, a->product_f, true);
    return status;
}

// Its backward: dU (K,V) = C^T dlogits, dC (N,K) = dlogits U^T (through the
// stored U^T: a plain product runs faster than one with a transposed operand).
static int values_products_backward(TinyActs *a) {
    if (!a->float32_values) {
        int status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, a->C, a->dlogits, 0.0, a->dU);
        if (status == GSL_SUCCESS) status = gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, a->dlogits, a->U_T, 0.0, a->dC);
        return status;
    }
    round_to_float(a->product_f, a->dlogits);
    int status = gsl_blas_sgemm(CblasTrans, CblasNoTrans, 1.0f, a->Cf, a->product_f, 0.0f, a->dUf);
    if (status == GSL_SUCCESS) status = gsl_blas_sgemm(CblasNoTrans, CblasNoTrans, 1.0f, a->product_f, a->U_Tf, 0.0f, a->dCf);
    if (status == GSL_SUCCESS) from_float(a->dU, a->dUf, false);   // (dC stays in float: its readers take dCf)
    return status;
}

// Xpos (T,d) = p_0..p_{T-1}, and Z (K,3d) = [E W_eff + b_eff ; Xpos W_eff]:
// [q | k | v W_O] of every token, and what every position adds to them.
static int tables_forward(const TinyModel *m, TinyActs *a) {
    position_vectors(m, a);
    int status = effective_weights(m, a);
    if (status == GSL_SUCCESS) status = layer_linear_forward(a->Tok3, &m->p.E.matrix, a->W_eff, a->b_eff);
    if (status == GSL_SUCCESS) status = gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, a->Xpos, a->W_eff, 0.0, a->Pos3);
    return status;
}

// From C (N,K) to the loss, for the factored and the rotary path:
//   U (K,V) = Z_v W_U: each table row's value, already through W_O, through the unembedding;
//   XU (K,V) = [E W_U + c ; Xpos W_U], c = W_U^T b_O + b_U: the residual x_t + b_O to the logits;
//   logits (N,V) = XU[token] + XU[V+t] + C U  (= (x + W_O^T a + b_O) W_U + b_U).
static int values_forward(const TinyModel *m, TinyActs *a) {
    size_t d = m->d, V = m->V, T = a->T, K = V + T;
    const TinyTensors *p = &m->p;
    gsl_matrix_const_view Zv = gsl_matrix_const_submatrix(a->Z, 0, 2 * d, K, d);
    gsl_matrix_view XU_tok = gsl_matrix_submatrix(a->XU, 0, 0, V, V), XU_pos = gsl_matrix_submatrix(a->XU, V, 0, T, V);
    int status = gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, &Zv.matrix, &p->W_U.matrix, 0.0, a->U);
    if (status == GSL_SUCCESS) status = gsl_matrix_transpose_memcpy(a->U_T, a->U);   // for the backward's dC
    gsl_vector_memcpy(a->c, &p->b_U.vector);
    if (status == GSL_SUCCESS) status = gsl_blas_dgemv(CblasTrans, 1.0, &p->W_U.matrix, &p->b_O.vector, 1.0, a->c);
    if (status == GSL_SUCCESS) status = layer_linear_forward(&XU_tok.matrix, &p->E.matrix, &p->W_U.matrix, a->c);
    if (status == GSL_SUCCESS)
        status = gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, a->Xpos, &p->W_U.matrix, 0.0, &XU_pos.matrix);
    if (status == GSL_SUCCESS) status = lookup_rows(a->logits, a->XU, a);
    if (status == GSL_SUCCESS) status = logits_add_values(a);
    if (status == GSL_SUCCESS)
        status = layer_crossentropy_forward(a->probs, &a->loss, a->logits, a->targets, a->weights);
    return status;
}

// The factored path (tiny_model.h, 3.): every per-sequence quantity is read
// from tables with a row per token and per position (K = V + T rows).
static int forward_factored(const TinyModel *m, TinyActs *a) {
    size_t d = m->d, V = m->V, T = a->T, K = V + T;
    int status = tables_forward(m, a);
    // G (K,K) = Z_q Z_k^T / sqrt(d): every table row's query against every table row's key,
    // plus the encoding's score bias on the position-position block (it depends on t, s only)
    gsl_matrix_const_view Zq = gsl_matrix_const_submatrix(a->Z, 0, 0, K, d), Zk = gsl_matrix_const_submatrix(a->Z, 0, d, K, d);
    gsl_matrix_view G_pp = gsl_matrix_submatrix(a->G, V, V, T, T);
    if (status == GSL_SUCCESS) status = layer_scores_forward(a->G, &Zq.matrix, &Zk.matrix, 1.0 / sqrt((double)d));
    if (status == GSL_SUCCESS) m->pe->score_forward(m->pe, m->p.pe, &G_pp.matrix);
    // A (N,T) = softmax over each row of the scores S (N,T), and
    // C (N,K) = keys_scatter(A): A summed per key token | A per key position, so that
    //   W_O^T a_n = sum_s A[n,s] (v W_O)_s = C[n] Z_v
    if (status == GSL_SUCCESS) status = factored_softmax(a, m->causal);
    return status == GSL_SUCCESS ? values_forward(m, a) : status;
}

// The column of the rotary score table for a query at t and key s of token u_s:
// offset o = s - t in -(T-1)..T-1, block o + T - 1 of V columns.
static inline size_t rotary_column(size_t s, size_t t, size_t T, size_t V, size_t u_s) {
    return (s + T - 1 - t) * V + u_s;
}

// The rotary path (tiny_model.h, 4.): the score of query token u at t against
// key token u' at s is  q_u . R_{s-t} k_u' / sqrt(d)  (Xpos = 0: no position
// in the input), a table Gr (V, (2T-1) V) indexed by (u; s - t, u').
static int forward_rotary(const TinyModel *m, TinyActs *a) {
    size_t d = m->d, V = m->V, T = a->T, n_offsets = 2 * T - 1;
    int status = tables_forward(m, a);
    // KR ((2T-1)V, d): block o + T - 1 = every token's key turned by offset o
    gsl_matrix_const_view Tq = gsl_matrix_const_submatrix(a->Tok3, 0, 0, V, d), Tk = gsl_matrix_const_submatrix(a->Tok3, 0, d, V, d);
    for (size_t j = 0; j < n_offsets && status == GSL_SUCCESS; j++) {
        gsl_matrix_view block = gsl_matrix_submatrix(a->KR, j * V, 0, V, d);
        status = gsl_matrix_memcpy(&block.matrix, &Tk.matrix);
        m->pe->qk_relative(m->pe, m->p.pe, (long)j - (long)(T - 1), &block.matrix);
    }
    // Gr (V, (2T-1)V) = Tq KR^T / sqrt(d)
    if (status == GSL_SUCCESS)
        status = gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0 / sqrt((double)d), &Tq.matrix, a->KR, 0.0, a->Gr);
    if (status != GSL_SUCCESS) return status;
    // A (N,T) and C (N,K) as in factored_softmax, with ONE table entry per score:
    // exp(S[n,s] - c_n) = F[u, column], F = exp(Gr - rowmax(Gr)) (in dGr), normal
    // while a row spans less than 4 * EXP_PRODUCT_RANGE.
    a->exp_products = exp_table(a->dGr, a->Gr) < 4 * EXP_PRODUCT_RANGE;
    const gsl_matrix *table = a->exp_products ? a->dGr : a->Gr;
    PendingRows pending = {.n = 0, .Cf = {NULL}};
    for (size_t n = 0; n < a->N; n++) {
        size_t t = n % T;
        const size_t *key_tokens = a->tokens + (n - t);
        const double *row = gsl_matrix_const_ptr(table, a->tokens[n], 0);
        double *out = a->exp_products ? gsl_matrix_ptr(a->A, n, 0) : gsl_matrix_ptr(a->scores, n, 0);
        for (size_t s = 0; s < T; s++) out[s] = row[rotary_column(s, t, T, V, key_tokens[s])];
        if (m->causal) (a->exp_products ? mask_factors : mask_scores)(out, t, T);
        if (a->exp_products) finish_later(&pending, a, n, key_tokens, V);
    }
    finish_pending(&pending, T, V);
    if (!a->exp_products) {   // the plain route: S then the softmax, C = keys_scatter(A)
        status = layer_softmax_forward(a->A, a->scores);
        if (status == GSL_SUCCESS) status = scatter_weights(a);
    }
    return status == GSL_SUCCESS ? values_forward(m, a) : status;
}

int tiny_forward(const TinyModel *m, TinyActs *a) {
    // A key is a token row plus a position row unless the encoding rotates q and k
    // by position (RoPE); a rotation that depends on the offset only, on an input
    // without positions, still gives a table (the rotary path); anything else is
    // evaluated per sequence.
    const PosEncoding *pe = m->pe;
    if (!posenc_has_qk_hook(pe)) a->path = TINY_PATH_FACTORED;
    else if (pe->qk_relative && a->KR && !posenc_has_input_hook(pe) && !posenc_has_score_hook(pe))
        a->path = TINY_PATH_ROTARY;
    else a->path = TINY_PATH_PER_SEQUENCE;
    switch (a->path) {
        case TINY_PATH_FACTORED: return forward_factored(m, a);
        case TINY_PATH_ROTARY: return forward_rotary(m, a);
        default: {   // x itself, then the plain product and attention per sequence
            int status = tiny_embed(m, a);
            return status == GSL_SUCCESS ? tiny_forward_body(m, a) : status;
        }
    }
}

// The part both paths share: from dTok3, dPos3 (= dZ) and dXpos to the parameters.
// On entry dXpos holds what reached the position vectors directly (the residual).
static int tables_backward(TinyModel *m, TinyActs *a) {
    TinyTensors *p = &m->p, *g = &m->g;
    gsl_vector_view ones_v = gsl_vector_subvector(a->ones, 0, m->V);
    // Tok3 = E W_eff + b_eff  =>  dE += dTok3 W_eff^T, dW_eff = E^T dTok3, db_eff = colsum(dTok3)
    gsl_matrix_set_zero(a->dW_eff);
    gsl_vector_set_zero(a->db_eff);
    int status = layer_linear_backward(&g->E.matrix, a->dW_eff, a->db_eff, a->dTok3, &p->E.matrix, a->W_eff,
                                       &ones_v.vector);
    // Pos3 = Xpos W_eff  =>  dXpos += dPos3 W_eff^T, dW_eff += Xpos^T dPos3
    if (status == GSL_SUCCESS) status = gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, a->dPos3, a->W_eff, 1.0, a->dXpos);
    if (status == GSL_SUCCESS) status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, a->Xpos, a->dPos3, 1.0, a->dW_eff);
    // Xpos = the encoding's input vectors  =>  its parameters get dXpos
    if (status == GSL_SUCCESS) m->pe->input_backward(m->pe, g->pe, a->dXpos);
    if (status == GSL_SUCCESS) status = effective_weights_backward(m, a);
    return status;
}

static int backward_per_sequence(TinyModel *m, TinyActs *a) {
    size_t d = m->d, T = a->T;
    double scale = 1.0 / sqrt((double)d);
    TinyTensors *p = &m->p, *g = &m->g;
    gsl_vector_view ones_n = gsl_vector_subvector(a->ones, 0, a->N);
    // loss = sum_n w_n (-log softmax(logits_n)[target_n])  =>  dlogits (N,V)
    int status = layer_crossentropy_backward(a->dlogits, a->probs, a->targets, a->weights);
    // logits = H W_U + b_U  =>  dH = dlogits W_U^T, dW_U += H^T dlogits, db_U += colsum
    gsl_matrix_set_zero(a->dH);
    if (status == GSL_SUCCESS)
        status = layer_linear_backward(a->dH, &g->W_U.matrix, &g->b_U.vector, a->dlogits, a->H, &p->W_U.matrix,
                                       &ones_n.vector);
    // H = X + Att + b_O  =>  dX = dH (residual, used below), dAtt = dH, db_O += colsum(dH)
    if (status == GSL_SUCCESS) status = gsl_blas_dgemv(CblasTrans, 1.0, a->dH, &ones_n.vector, 1.0, &g->b_O.vector);
    gsl_matrix_set_zero(a->dQKV);
    for (size_t b = 0; b < a->B && status == GSL_SUCCESS; b++) {
        gsl_matrix_view Q = rows_of(a->QKV, a, b, 0, d), K = rows_of(a->QKV, a, b, d, d);
        gsl_matrix_view VO = rows_of(a->QKV, a, b, 2 * d, d);
        gsl_matrix_view dQ = rows_of(a->dQKV, a, b, 0, d), dK = rows_of(a->dQKV, a, b, d, d);
        gsl_matrix_view dVO = rows_of(a->dQKV, a, b, 2 * d, d);
        gsl_matrix_view A = rows_of(a->A, a, b, 0, T), dAtt = rows_of(a->dH, a, b, 0, d);
        // Att_b = A VO  =>  dA = dAtt VO^T, dVO += A^T dAtt
        status = layer_mix_backward(a->dA, &dVO.matrix, &dAtt.matrix, &A.matrix, &VO.matrix);
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
    if (status != GSL_SUCCESS) return status;
    // QKV = Tok3[tokens] + Pos3[positions]  =>  dTok3 = scatter of dQKV by token, dPos3 = by position
    gsl_matrix_set_zero(a->dZ);
    status = lookup_rows_backward(a->dZ, a->dQKV, a);
    // X = E[tokens] + Xpos[positions] feeds the residual  =>  dE += scatter of dH, dXpos = sum over sequences of dH
    gsl_matrix_set_zero(a->dXpos);
    if (status == GSL_SUCCESS) status = layer_embedding_backward(&g->E.matrix, a->dH, a->tokens);
    if (status == GSL_SUCCESS) status = sum_over_sequences(a->dXpos, a->dH, a);
    return status == GSL_SUCCESS ? tables_backward(m, a) : status;
}

// Backward of values_forward as far as C:
//   loss => dlogits (N,V); logits = XU[token] + XU[V+t] + C U  =>
//   dXU = lookup backward of dlogits, dU = C^T dlogits, dC = dlogits U^T.
static int values_backward(TinyActs *a) {
    int status = layer_crossentropy_backward(a->dlogits, a->probs, a->targets, a->weights);
    gsl_matrix_set_zero(a->dXU);
    if (status == GSL_SUCCESS) status = lookup_rows_backward(a->dXU, a->dlogits, a);
    return status == GSL_SUCCESS ? values_products_backward(a) : status;
}

// The rest of values_forward's backward, from dU and dXU to the parameters,
// dZ_v and dXpos (dZ's q, k columns are the caller's), then tables_backward.
static int values_backward_params(TinyModel *m, TinyActs *a) {
    size_t d = m->d, V = m->V, T = a->T, K = V + T;
    TinyTensors *p = &m->p, *g = &m->g;
    gsl_vector_view ones_v = gsl_vector_subvector(a->ones, 0, V);
    gsl_matrix_const_view Zv = gsl_matrix_const_submatrix(a->Z, 0, 2 * d, K, d);
    gsl_matrix_view dZv = gsl_matrix_submatrix(a->dZ, 0, 2 * d, K, d);
    // U = Z_v W_U  =>  dZ_v = dU W_U^T, dW_U += Z_v^T dU
    int status = gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, a->dU, &p->W_U.matrix, 0.0, &dZv.matrix);
    if (status == GSL_SUCCESS)
        status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, &Zv.matrix, a->dU, 1.0, &g->W_U.matrix);
    // XU_tok = E W_U + c  =>  dE += dXU_tok W_U^T, dW_U += E^T dXU_tok, dc = colsum(dXU_tok)
    gsl_matrix_view dXU_tok = gsl_matrix_submatrix(a->dXU, 0, 0, V, V), dXU_pos = gsl_matrix_submatrix(a->dXU, V, 0, T, V);
    gsl_vector_set_zero(a->dc);
    if (status == GSL_SUCCESS)
        status = layer_linear_backward(&g->E.matrix, &g->W_U.matrix, a->dc, &dXU_tok.matrix, &p->E.matrix,
                                       &p->W_U.matrix, &ones_v.vector);
    // c = W_U^T b_O + b_U  =>  db_U += dc, db_O += W_U dc, dW_U += b_O dc^T
    if (status == GSL_SUCCESS) status = gsl_vector_add(&g->b_U.vector, a->dc);
    if (status == GSL_SUCCESS) status = gsl_blas_dgemv(CblasNoTrans, 1.0, &p->W_U.matrix, a->dc, 1.0, &g->b_O.vector);
    if (status == GSL_SUCCESS) status = gsl_blas_dger(1.0, &p->b_O.vector, a->dc, &g->W_U.matrix);
    // XU_pos = Xpos W_U  =>  dXpos = dXU_pos W_U^T, dW_U += Xpos^T dXU_pos
    if (status == GSL_SUCCESS)
        status = gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, &dXU_pos.matrix, &p->W_U.matrix, 0.0, a->dXpos);
    if (status == GSL_SUCCESS)
        status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, a->Xpos, &dXU_pos.matrix, 1.0, &g->W_U.matrix);
    return status == GSL_SUCCESS ? tables_backward(m, a) : status;
}

static int backward_factored(TinyModel *m, TinyActs *a) {
    size_t d = m->d, V = m->V, T = a->T, K = V + T;
    int status = values_backward(a);
    // C = keys_scatter(A), A = softmax_rows(S), S = keys_gather(R) with R = G[token] + G[V+t]:
    //   dA = keys_gather(dC), dS = A o (dA - rowsum(dA o A)), dR = keys_scatter(dS),
    //   dG = lookup backward of dR: dG[token] += dR, dG[V+t] += dR (layers.h, all per query row)
    gsl_matrix_set_zero(a->dG);
    if (status == GSL_SUCCESS)
        status = layer_keys_softmax_backward(a->dG, a->float32_values ? NULL : a->dC, a->dCf, a->A, a->tokens,
                                             a->four_rows);
    if (status != GSL_SUCCESS) return status;
    // G_pp += the encoding's bias  =>  its parameters get sum dG_pp * d(bias)
    gsl_matrix_const_view dG_pp = gsl_matrix_const_submatrix(a->dG, V, V, T, T);
    m->pe->score_backward(m->pe, m->p.pe, m->g.pe, &dG_pp.matrix);
    // G = Z_q Z_k^T / sqrt(d)  =>  dZ_q = dG Z_k / sqrt(d), dZ_k = dG^T Z_q / sqrt(d)
    gsl_matrix_const_view Zq = gsl_matrix_const_submatrix(a->Z, 0, 0, K, d), Zk = gsl_matrix_const_submatrix(a->Z, 0, d, K, d);
    gsl_matrix_view dZq = gsl_matrix_submatrix(a->dZ, 0, 0, K, d), dZk = gsl_matrix_submatrix(a->dZ, 0, d, K, d);
    gsl_matrix_set_zero(a->dZ);
    status = layer_scores_backward(&dZq.matrix, &dZk.matrix, a->dG, &Zq.matrix, &Zk.matrix, 1.0 / sqrt((double)d));
    return status == GSL_SUCCESS ? values_backward_params(m, a) : status;
}

static int backward_rotary(TinyModel *m, TinyActs *a) {
    size_t d = m->d, V = m->V, T = a->T, n_offsets = 2 * T - 1;
    double scale = 1.0 / sqrt((double)d);
    int status = values_backward(a);
    // C = keys_scatter(A)  =>  dA = keys_gather(dC); A = softmax_rows(S)  =>  dS  (in scores)
    if (status == GSL_SUCCESS && a->float32_values) from_float(a->dC, a->dCf, false);
    if (status == GSL_SUCCESS) status = layer_keys_gather(a->scores, a->dC, a->tokens);
    if (status == GSL_SUCCESS) status = layer_softmax_backward(a->scores, a->scores, a->A);
    if (status != GSL_SUCCESS) return status;
    // S[n,s] = Gr[u_n, column(s - t, u_s)]  =>  dGr[u_n, column] += dS[n,s]
    gsl_matrix_set_zero(a->dGr);
    for (size_t n = 0; n < a->N; n++) {
        size_t t = n % T;
        const size_t *key_tokens = a->tokens + (n - t);
        const double *dS = gsl_matrix_const_ptr(a->scores, n, 0);
        double *dg = gsl_matrix_ptr(a->dGr, a->tokens[n], 0);
        for (size_t s = 0; s < T; s++) dg[rotary_column(s, t, T, V, key_tokens[s])] += dS[s];
    }
    // Gr = Tq KR^T / sqrt(d)  =>  dTq = dGr KR / sqrt(d), dKR = dGr^T Tq / sqrt(d)
    gsl_matrix_const_view Tq = gsl_matrix_const_submatrix(a->Tok3, 0, 0, V, d);
    gsl_matrix_view dTq = gsl_matrix_submatrix(a->dTok3, 0, 0, V, d), dTk = gsl_matrix_submatrix(a->dTok3, 0, d, V, d);
    gsl_matrix_set_zero(a->dZ);
    status = gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, scale, a->dGr, a->KR, 0.0, &dTq.matrix);
    if (status == GSL_SUCCESS) status = gsl_blas_dgemm(CblasTrans, CblasNoTrans, scale, a->dGr, &Tq.matrix, 0.0, a->dKR);
    // KR block o = Tk turned by R_o  =>  dTk += R_o^T dKR block = the block turned by -o
    for (size_t j = 0; j < n_offsets && status == GSL_SUCCESS; j++) {
        gsl_matrix_view block = gsl_matrix_submatrix(a->dKR, j * V, 0, V, d);
        m->pe->qk_relative(m->pe, m->p.pe, (long)(T - 1) - (long)j, &block.matrix);
        status = gsl_matrix_add(&dTk.matrix, &block.matrix);
    }
    return status == GSL_SUCCESS ? values_backward_params(m, a) : status;
}

int tiny_backward(TinyModel *m, TinyActs *a) {
    switch (a->path) {
        case TINY_PATH_FACTORED: return backward_factored(m, a);
        case TINY_PATH_ROTARY: return backward_rotary(m, a);
        default: return backward_per_sequence(m, a);
    }
}

int tiny_input_gradient(const TinyModel *m, TinyActs *a) {
    (void)m;   // W_eff was kept in the activations by the forward pass
    if (a->path != TINY_PATH_PER_SEQUENCE)   // the table paths never form X, dH or dQKV
        GSL_ERROR("input gradient: run tiny_embed + tiny_forward_body (not tiny_forward) first", GSL_EINVAL);
    // x feeds the residual (H = X + ...) and the projection (QKV = X W_eff + b_eff):
    //   dX = dH + dQKV W_eff^T
    gsl_matrix_memcpy(a->dX, a->dH);
    return gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, a->dQKV, a->W_eff, 1.0, a->dX);
}
