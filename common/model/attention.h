// attention.h: single-head scaled dot-product self-attention, forward pass.
//
// Row convention (one token per row), as in llm.c:
//   T  sequence length, d  model width, d_k  query/key width, d_v  value width
//   X        (T, d)     token embeddings, row t = x_t
//   P        (T, d)     optional positional vectors added to X (NULL: none)
//   W_Q, W_K (d, d_k), W_V (d, d_v)
//   Q = (X+P) W_Q (T,d_k), K = (X+P) W_K (T,d_k), V = (X+P) W_V (T,d_v)
//   S = Q K^T / sqrt(d_k)                 (T, T) scores, row = query, column = key
//   A = softmax over each row of S        (T, T) attention weights
//       (with a causal mask, key s > query t gets weight exactly 0)
//   O = A V                               (T, d_v) outputs, row t = O_t
#ifndef WORKBOOK_ATTENTION_H
#define WORKBOOK_ATTENTION_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_rng.h>
#include <stdbool.h>

typedef struct {
    gsl_matrix *W_Q;               // (d, d_k)
    gsl_matrix *W_K;               // (d, d_k)
    gsl_matrix *W_V;               // (d, d_v)
} AttentionHead;

// Allocate a head with every weight i.i.d. N(0, 1/d) (keeps scores O(1)).
// Returns NULL if out of memory.
AttentionHead *attention_head_new_random(size_t d, size_t d_k, size_t d_v, const gsl_rng *r);
void attention_head_free(AttentionHead *h);

// Softmax of each row in place, numerically stable (subtract the row max):
// layer_softmax_forward(S, S) (common/model/layers.h), the same softmax training uses.
// Entries equal to -INFINITY get weight 0; a row with every entry -INFINITY
// gives GSL_EDOM.
int softmax_rows(gsl_matrix *S);

// The forward pass above. 'weights' (T,T) and 'out' (T,d_v) are written.
int attention_forward(const gsl_matrix *X, const gsl_matrix *P, const AttentionHead *h,
                      bool causal, gsl_matrix *weights, gsl_matrix *out);

#endif
