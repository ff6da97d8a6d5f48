// posenc.h: positional encodings as plug-ins for the tiny attention model
// (common/model/tiny_model.h).
//
// A model does not know which encoding it carries. It calls the same hooks at
// the same three places of every forward and backward pass, and each encoding
// fills in the hooks it needs (the others are no-ops installed by
// posenc_alloc). The model never asks which encoding it has, only which hooks
// are filled in, to choose how to evaluate the same function (tiny_model.h:
// the factored, rotary or per-sequence path):
//
//   where in the forward        hook                 who uses it
//   x_t = E[token_t] (+ p_t)    input_forward        learned table, sinusoidal
//   q_t, k_t after W_Q, W_K     qk_forward           RoPE (rotate q_t, k_s by t, s)
//   S[t,s] after the 1/sqrt(d)  score_forward        ALiBi (add -m|t-s|, or separate
//                                                    slopes left and right of t)
//   (q_t.k_s as q.R_{s-t}k)     qk_relative          RoPE (optional, see below)
//
// Every forward hook has a backward twin that receives the gradient of what
// the forward hook wrote and (a) accumulates (+=) the encoding's parameter
// gradient into 'dparams', (b) for qk_backward, turns dQ, dK (gradients of the
// rotated q, k) into gradients of the unrotated ones, in place.
//
// Contract of input_forward: it ADDS to row t a vector p_t that depends on the
// position t (and the parameters) only, never on X. The model relies on this:
// it applies the hook once per step to a zero (T,d) block to get p_0..p_{T-1}
// and projects those rows once (tiny_model.h).
//
// Contract of score_forward: it ADDS to S[t,s] a bias that depends on t, s
// (and the parameters) only, never on S. The model's factored path relies on
// it: it applies the hook once per step to the position-position block of
// its score table (tiny_model.h, 3.).
//
// Parameters: an encoding with trainable numbers declares n_params; the model
// allocates them inside its own parameter block (so the optimiser treats them
// like any weight) and hands the encoding its slice: 'params' (n_params) and
// 'dparams' (n_params). init_params draws their initial values.
//
// Shapes (one sequence, positions 0..T-1, T <= max_positions):
//   X, dX (T,d) rows = positions; Q, K, dQ, dK (T,d) (views, possibly strided);
//   S, dS (T,T) row = query t, column = key s.
//
// Chapter 7's RoPE and ALiBi (below) use the qk and score hooks.
#ifndef WORKBOOK_POSENC_H
#define WORKBOOK_POSENC_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_rng.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct PosEncoding PosEncoding;

struct PosEncoding {
    const char *name;              // "none", "learned", "sinusoidal", ...
    size_t d;                      // model width
    size_t max_positions;          // positions 0 .. max_positions-1 can be encoded
    size_t n_params;               // trainable numbers (learned table: max_positions*d)
    gsl_matrix *fixed;             // a fixed table (max_positions,d) if the encoding has one, else NULL
    void *state;                   // anything else the encoding keeps (freed by free_state)

    void (*init_params)(const PosEncoding *pe, double *params, const gsl_rng *rng);
    void (*input_forward)(const PosEncoding *pe, const double *params, gsl_matrix *X);
    void (*input_backward)(const PosEncoding *pe, double *dparams, const gsl_matrix *dX);
    void (*qk_forward)(const PosEncoding *pe, const double *params, gsl_matrix *Q, gsl_matrix *K);
    void (*qk_backward)(const PosEncoding *pe, const double *params, double *dparams, gsl_matrix *dQ,
                        gsl_matrix *dK);
    // Optional, NULL unless the qk hook is a rotation R_t per position with
    // R_t^T R_s = R_{s-t} (RoPE): turn every row of M (n,d) by the relative
    // offset o (row m <- R_o m). R_o is orthogonal and R_o^T = R_{-o}, so the
    // same hook with -o is its backward. The model's rotary path uses it
    // (tiny_model.h, 4.).
    void (*qk_relative)(const PosEncoding *pe, const double *params, long offset, gsl_matrix *M);
    void (*score_forward)(const PosEncoding *pe, const double *params, gsl_matrix *S);
    void (*score_backward)(const PosEncoding *pe, const double *params, double *dparams, const gsl_matrix *dS);
    void (*free_state)(PosEncoding *pe);
};

// The three encodings of chapter 6. Each returns NULL for d odd or zero,
// max_positions zero, or out of memory.
//   none        no position at all (NoPE)
//   learned     a table (max_positions,d) of trainable rows, initialised N(0,1);
//               row t is added to x_t, so a row no sequence reaches gets no gradient
//   sinusoidal  the fixed table of pe_table.h (no parameters)
PosEncoding *posenc_none(size_t d, size_t max_positions);
PosEncoding *posenc_learned(size_t d, size_t max_positions);
PosEncoding *posenc_sinusoidal(size_t d, size_t max_positions);

// The encodings of chapter 7: position enters the scores, not the input.
//   rope        rotate q_t and k_t by position t (common/position/rope.h: pair i by t/Z_i,
//               the sinusoidal table's frequencies); no parameters. The cos/sin
//               of every (position, pair) are computed once (a RopeTable in state).
//   alibi       S[t,s] += -m |t-s| (common/position/alibi.h) with ONE trainable slope m,
//               the same on both sides of the query (1 parameter)
//   alibi-lr    S[t,s] += -m_left (t-s) for s < t, -m_right (s-t) for s > t,
//               two trainable slopes (2 parameters: params[0] = m_left, params[1] = m_right)
// Both ALiBi variants start every slope at ALIBI_INITIAL_SLOPE.
#define ALIBI_INITIAL_SLOPE 0.5   // the ALiBi paper's steepest head for H = 8: 2^(-8/8)
PosEncoding *posenc_rope(size_t d, size_t max_positions);
PosEncoding *posenc_alibi(size_t d, size_t max_positions);
PosEncoding *posenc_alibi_left_right(size_t d, size_t max_positions);

// T5's relative attention bias (Raffel et al. 2020), chapter 9: S[t,s] += b[bucket(s-t)],
// one trainable number per bucket (T5_BUCKETS parameters, starting at 0). T5's
// bidirectional bucketing: half the buckets for keys before the query (and
// the query itself), half for keys after; within a half, distances below
// T5_BUCKETS/4 get a bucket each, farther ones log-spaced buckets up to
// T5_MAX_DISTANCE, and every distance beyond shares the half's last bucket.
#define T5_BUCKETS 32
#define T5_MAX_DISTANCE 128
size_t posenc_t5_bucket(long offset);   // offset = s - t
PosEncoding *posenc_t5_bias(size_t d, size_t max_positions);

// By name ("none", "learned", "sinusoidal", "rope", "alibi", "alibi-lr", "t5"); NULL for an unknown name.
PosEncoding *posenc_by_name(const char *name, size_t d, size_t max_positions);

// Allocate an encoding with every hook a no-op (constructors start here).
PosEncoding *posenc_alloc(const char *name, size_t d, size_t max_positions, size_t n_params);

void posenc_free(PosEncoding *pe);

// Which hooks an encoding fills in (the model picks its path from them, tiny_model.h).
bool posenc_has_input_hook(const PosEncoding *pe);
bool posenc_has_qk_hook(const PosEncoding *pe);
bool posenc_has_score_hook(const PosEncoding *pe);

// The learned table inside a parameter slice: (max_positions,d), row-major.
_gsl_matrix_const_view posenc_table_view(const PosEncoding *pe, const double *params);

#endif
