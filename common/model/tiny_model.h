// tiny_model.h: a one-layer, one-head attention model, bidirectional or
// causal, with hand-written backpropagation (chapters 6, 7 and 9).
//
// Per sequence of T tokens (no layer norm, no MLP; causal: S[t,s] = -inf for s > t):
//   x_t      = E[token_t]  (+ the encoding's input hook, posenc.h)       (d,)
//   q,k,v_t  = W_Q^T x_t + b_Q, W_K^T x_t + b_K, W_V^T x_t + b_V          (d,) each
//              (+ the encoding's qk hook on q and k)
//   S[t,s]   = q_t . k_s / sqrt(d)  (+ the encoding's score hook)         (T,T)
//   A        = softmax over each row of S                                 (T,T)
//   a_t      = sum_s A[t,s] v_s                                           (d,)
//   h_t      = x_t + W_O^T a_t + b_O        (residual)                   (d,)
//   logits_t = W_U^T h_t + b_U                                           (V,)
//   loss     = mean over the rows with a target of -log softmax(logits_t)[target_t]
//
// Row convention (layers.h): a batch of B sequences is stacked into N = B*T
// rows and every linear layer is one (N,n) x (n,m) product; the attention
// steps run per sequence on (T,T) blocks.
//
// Three re-associations make training fast without changing the function
// (the unit test checks the loss against a plain row-by-row evaluation of the
// formulas above, and every gradient against finite differences):
//
// 1. W_V and W_O always act together: W_O^T a_t = sum_s A[t,s] (W_O^T v_s), so
//    we multiply them once per step, W_VO = W_V W_O (d,d), b_VO = b_V W_O, and
//    carry v_t W_O instead of v_t (the "OV circuit"). The effective projection
//    is W_eff = [W_Q | W_K | W_VO] (d,3d), b_eff = [b_Q | b_K | b_VO].
// 2. The projection without the (N,d) x (d,3d) product: x_t = E[token_t] + p_t
//    and both the lookup and the projection are linear, so
//      [q | k | v W_O]_t = (E W_eff + b_eff)[token_t] + (P W_eff)[t]
//    i.e. project the V rows of E and the T rows of P once per step (Tok3,
//    Pos3) and look the results up (a lookup is a one-hot product, Doc C §七,
//    and products associate). This needs the encoding's input hook to add a
//    vector that depends on the position only (posenc.h). The tables of 3.
//    and 4. start from these rows; tiny_forward_body keeps the plain product
//    X W_eff + b_eff for when X itself is the input.
//
// 3. The factored path. With no rotation of q and k (every encoding but RoPE),
//    every query and key is a token row plus a position row of the table
//    Z = [Tok3; Pos3] (K = V + T rows), so everything per sequence can be read
//    from small tables built once per step (Doc A's four-term split of the
//    score, chapter 5, is the same idea):
//      G  (K,K) = Z_q Z_k^T / sqrt(d)   S[t,s] = G[tok_t,tok_s] + G[tok_t,V+s]
//                                                + G[V+t,tok_s] + G[V+t,V+s]
//      C  (N,K) = A summed per key token | A per key position, so that
//                 W_O^T a_t = C[t] Z_v
//      U  (K,V) = Z_v W_U, and the logits are C U + (x_t + b_O) W_U + b_U,
//                 the residual again a token row plus a position row (XU).
//    Per step this replaces 6 products of (T,T,d) per sequence with table
//    lookups (layers.h, "keys") and three (N,K,V) products, ~3x fewer
//    operations in ~10x fewer BLAS calls, and exp(S) is a product of four
//    entries of exp(G): K*K exps instead of N*T (tiny_model.c). tiny_forward
//    takes this path when the encoding has no qk hook; X, QKV, Att and H are
//    then not formed. Chapter 6 trains about 4x faster this way.
//
// 4. The rotary path. RoPE turns q_t by R_t and k_s by R_s, and
//    (R_t q) . (R_s k) = q . R_{s-t} k: with no position in the input, the
//    score depends on the query's token, the key's token and the offset s - t
//    only, a table
//      Gr (V, (2T-1)V) = Tq KR^T / sqrt(d),  KR block o = every token's key turned by o
//    read once per score (exp too: one table entry per score). The values and
//    logits are those of 3. (the position rows of Z are 0). tiny_forward takes
//    this path when the encoding has a qk_relative hook (posenc.h) and no input
//    or score hook; anything else runs the attention per sequence.
//
// 5. The value products in float32 (TinyActs.float32_values, off unless the
//    caller sets it; chapters 6 and 9 train and test this way, copy_task.h).
//    The three (N,K) x (K,V) products of the table paths, logits += C U,
//    dU = C^T dlogits and dC = dlogits U^T, are most of a step's arithmetic
//    and run as BLIS sgemm (about twice as fast as dgemm at chapter 6's
//    shapes, 2048 x 48 x 16). The softmax rows write C in float32 and the
//    keys' softmax backward reads dC in float32 (layers.h), so no extra pass
//    converts the (N,K) matrices; U and dlogits are rounded to float, the
//    products' results added back in double. Everything else stays double.
//    The loss and every gradient stay within 1e-5 of the double path's (a
//    gradient relative to the largest entry; the unit test, worst seen
//    2.7e-7), and the double path remains the reference that the finite
//    differences check.
//
// Parameters live in one flat block (Adam updates it in one loop, llm.c
// style), viewed as the tensors below; the encoding's trainable numbers (if
// any) are the block's last n_pe entries. Gradients have the same layout.
#ifndef WORKBOOK_TINY_MODEL_H
#define WORKBOOK_TINY_MODEL_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_vector.h>
#include <stdbool.h>
#include <stddef.h>

#include "model/posenc.h"

typedef struct {
    gsl_matrix_view E;             // (V,d)   token embeddings
    gsl_matrix_view W_QKV;         // (d,3d)  [W_Q | W_K | W_V], q = x W_Q (row convention)
    gsl_vector_view b_QKV;         // (3d,)   [b_Q | b_K | b_V]
    gsl_matrix_view W_O;           // (d,d)
    gsl_vector_view b_O;           // (d,)
    gsl_matrix_view W_U;           // (d,V)   unembedding
    gsl_vector_view b_U;           // (V,)
    double *pe;                    // (n_pe,) the encoding's slice of the block
} TinyTensors;

typedef struct {
    size_t V, d;
    const PosEncoding *pe;         // borrowed: the caller frees it after the model
    bool causal;                   // a query at t attends to keys s <= t only (false after tiny_model_new)
    size_t n_model;                // numbers in E, W_*, b_*
    size_t n_params;               // n_model + pe->n_params
    double *params, *grads;        // (n_params,) each
    TinyTensors p, g;              // views into params and grads
} TinyModel;

// How tiny_forward evaluates attention (3. and 4. above, or per sequence).
typedef enum { TINY_PATH_PER_SEQUENCE, TINY_PATH_FACTORED, TINY_PATH_ROTARY } TinyPath;

// Activations and their gradients for B sequences of length T (N = B*T).
typedef struct {
    size_t B, T, N;
    size_t *tokens;                // (N,) input token ids
    size_t *targets;               // (N,) target ids (ignored where weights is 0)
    gsl_vector *weights;           // (N,) each row's weight in the loss
    gsl_vector *ones;              // (max(N,V),) 1.0, for column sums through BLAS
    TinyPath path;                 // which path the last forward took (tiny_backward follows it)
    size_t n_offsets;              // 2T-1 when the encoding has a qk_relative hook, else 0
    bool exp_products;             // the table paths' softmax used exp tables (tiny_model.c)
    gsl_matrix *Xpos;              // (T,d)  p_t, the encoding's input vectors (0 for none)
    gsl_matrix *Z;                 // (K,3d) [Tok3; Pos3], K = V + T, the two blocks below:
    gsl_matrix *Tok3;              // (V,3d) E W_eff + b_eff: q, k, v W_O of each token without position
    gsl_matrix *Pos3;              // (T,3d) Xpos W_eff: what the position adds to them
    gsl_matrix *X;                 // (N,d)  x_t = E[token_t] + p_t
    gsl_matrix *QKV;               // (N,3d) [q | k | v W_O] after the qk hook
    gsl_matrix *A;                 // (N,T)  attention weights, sequence b = rows bT..bT+T-1
    gsl_matrix *Att;               // (N,d)  W_O^T a_t (the attention output, already through W_O)
    gsl_matrix *H;                 // (N,d)  h_t
    gsl_matrix *logits;            // (N,V)
    gsl_matrix *probs;             // (N,V)
    double loss;
    gsl_matrix *dX, *dQKV, *dH, *dlogits;          // gradients, shapes as above (dQKV of [q|k|v W_O])
    gsl_matrix *dXpos, *dZ, *dTok3, *dPos3;        // gradients, shapes as above (dTok3, dPos3 are dZ's blocks)
    // the factored path (3. above)
    gsl_matrix *G, *dG;            // (K,K)  every table row's query . every table row's key / sqrt(d)
    gsl_matrix *U, *dU;            // (K,V)  Z_v W_U
    gsl_matrix *U_T;               // (V,K)  U transposed
    gsl_matrix *XU, *dXU;          // (K,V)  [E W_U + c ; Xpos W_U], the residual's way to the logits
    gsl_vector *c, *dc;            // (V,)   W_U^T b_O + b_U
    gsl_vector *query_row;         // (K,)   scratch: one query's row of exp factors
    gsl_vector *four_rows;         // (4T+K,) scratch: four rows of the keys' softmax backward and one of dR (layers.h)
    gsl_matrix *C, *dC;            // (N,K)  A per key token | per key position (the query rows of G on the way)
    // float32 copies for the value products (5. above), used when float32_values is set
    // (set it before tiny_forward, and keep it until tiny_backward: the table paths
    // then write Cf, not C, and the backward reads Cf)
    bool float32_values;           // false after tiny_acts_new: every product in double
    gsl_matrix_float *Cf, *dCf;    // (N,K)
    gsl_matrix_float *Uf, *U_Tf;   // (K,V), (V,K)
    gsl_matrix_float *dUf;         // (K,V)
    gsl_matrix_float *product_f;   // (N,V)  C U, then dlogits
    gsl_matrix *scores;            // (N,T)  S of each query against the keys of its sequence (when formed)
    // the rotary path (4. above), allocated when n_offsets > 0
    gsl_matrix *KR, *dKR;          // ((2T-1)V, d) every token's key turned by every offset -(T-1)..T-1
    gsl_matrix *Gr, *dGr;          // (V, (2T-1)V) query token . turned key token / sqrt(d)
    gsl_matrix *W_eff, *dW_eff;    // (d,3d) [W_Q | W_K | W_V W_O] and its gradient
    gsl_vector *b_eff, *db_eff;    // (3d,)  [b_Q | b_K | b_V W_O] and its gradient
    gsl_matrix *S, *dS, *dA;       // (T,T) scratch for one sequence
} TinyActs;

// A model for vocabulary V and width d with the given encoding (d = pe->d).
// NULL when out of memory or d mismatches.
TinyModel *tiny_model_new(size_t V, const PosEncoding *pe);
void tiny_model_free(TinyModel *m);

// E ~ N(0,1); every linear layer's W and b uniform in [-1/sqrt(fan_in), 1/sqrt(fan_in))
// with fan_in = d, drawn from 'rng' in the order E, W_QKV, b_QKV, W_O, b_O, W_U, b_U;
// the encoding's parameters are drawn from 'pe_rng' (so every encoding gets the
// same E and weights for the same 'rng' seed).
void tiny_model_init(TinyModel *m, const gsl_rng *rng, const gsl_rng *pe_rng);

// Buffers for B sequences of length T (T <= pe->max_positions). NULL when out of memory.
TinyActs *tiny_acts_new(const TinyModel *m, size_t B, size_t T);
// The bytes tiny_acts_new allocates for that shape (rotary: an encoding with
// a qk_relative hook, whose offset tables add (2T-1) V-row blocks), from the
// same list of buffers, so a run's memory can be checked before it starts.
size_t tiny_acts_bytes(size_t V, size_t d, size_t B, size_t T, bool rotary);
void tiny_acts_free(TinyActs *a);

// The forward pass (tokens -> loss):
//   tiny_forward:      the factored path (3.) when the encoding has no qk hook,
//                      the rotary path (4.) for RoPE, else tiny_embed and
//                      tiny_forward_body; a->loss, a->logits, a->probs either way
// and the plain pieces, so tests can perturb x itself:
//   tiny_embed:        Xpos and X = E[tokens] + Xpos[positions]
//   tiny_forward_body: QKV = X W_QKV + b_QKV (the plain product), then attention onward
// Return GSL status codes.
int tiny_embed(const TinyModel *m, TinyActs *a);
int tiny_forward_body(const TinyModel *m, TinyActs *a);
int tiny_forward(const TinyModel *m, TinyActs *a);

// Backward after tiny_forward (or tiny_embed + tiny_forward_body):
// ACCUMULATES into m->grads (zero them with tiny_zero_grads first).
int tiny_backward(TinyModel *m, TinyActs *a);

// After tiny_embed + tiny_forward_body + tiny_backward: dL/dX (N,d) into
// a->dX = dH + dQKV W_QKV^T (the training step never needs it; tests and
// chapter 6's claim 6.2 do). GSL_EINVAL after the factored path.
int tiny_input_gradient(const TinyModel *m, TinyActs *a);
void tiny_zero_grads(TinyModel *m);

#endif
