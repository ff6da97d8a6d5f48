// posenc.c: see posenc.h.
#include "model/posenc.h"

#include <stdlib.h>
#include <string.h>

#include <math.h>

#include "base/random.h"
#include "position/alibi.h"
#include "position/pe_table.h"
#include "position/rope.h"

// ---- the no-op hooks every encoding starts with ---------------------------------

static void noop_init(const PosEncoding *pe, double *params, const gsl_rng *rng) {
    (void)pe, (void)params, (void)rng;
}
static void noop_input_forward(const PosEncoding *pe, const double *params, gsl_matrix *X) {
    (void)pe, (void)params, (void)X;
}
static void noop_input_backward(const PosEncoding *pe, double *dparams, const gsl_matrix *dX) {
    (void)pe, (void)dparams, (void)dX;
}
static void noop_qk_forward(const PosEncoding *pe, const double *params, gsl_matrix *Q, gsl_matrix *K) {
    (void)pe, (void)params, (void)Q, (void)K;
}
static void noop_qk_backward(const PosEncoding *pe, const double *params, double *dparams, gsl_matrix *dQ,
                             gsl_matrix *dK) {
    (void)pe, (void)params, (void)dparams, (void)dQ, (void)dK;
}
static void noop_score_forward(const PosEncoding *pe, const double *params, gsl_matrix *S) {
    (void)pe, (void)params, (void)S;
}
static void noop_score_backward(const PosEncoding *pe, const double *params, double *dparams,
                                const gsl_matrix *dS) {
    (void)pe, (void)params, (void)dparams, (void)dS;
}
static void noop_free_state(PosEncoding *pe) { (void)pe; }

PosEncoding *posenc_alloc(const char *name, size_t d, size_t max_positions, size_t n_params) {
    if (d == 0 || d % 2 != 0 || max_positions == 0) return NULL;
    PosEncoding *pe = calloc(1, sizeof *pe);
    if (pe == NULL) return NULL;
    *pe = (PosEncoding){
        .name = name, .d = d, .max_positions = max_positions, .n_params = n_params,
        .init_params = noop_init, .input_forward = noop_input_forward, .input_backward = noop_input_backward,
        .qk_forward = noop_qk_forward, .qk_backward = noop_qk_backward,
        .score_forward = noop_score_forward, .score_backward = noop_score_backward,
        .free_state = noop_free_state,
    };
    return pe;
}

void posenc_free(PosEncoding *pe) {
    if (pe == NULL) return;
    pe->free_state(pe);
    if (pe->fixed) gsl_matrix_free(pe->fixed);
    free(pe);
}

bool posenc_has_input_hook(const PosEncoding *pe) { return pe->input_forward != noop_input_forward; }
bool posenc_has_qk_hook(const PosEncoding *pe) { return pe->qk_forward != noop_qk_forward; }
bool posenc_has_score_hook(const PosEncoding *pe) { return pe->score_forward != noop_score_forward; }

_gsl_matrix_const_view posenc_table_view(const PosEncoding *pe, const double *params) {
    return gsl_matrix_const_view_array(params, pe->max_positions, pe->d);
}

// ---- none ---------------------------------------------------------------------------

PosEncoding *posenc_none(size_t d, size_t max_positions) { return posenc_alloc("none", d, max_positions, 0); }

// ---- learned table: x_t += P[t], P (max_positions,d) trainable ----------------------

static void learned_init(const PosEncoding *pe, double *params, const gsl_rng *rng) {
    gsl_matrix_view P = gsl_matrix_view_array(params, pe->max_positions, pe->d);
    random_gaussian_matrix(&P.matrix, rng, 1.0);   // N(0,1), like E
}

static void learned_input_forward(const PosEncoding *pe, const double *params, gsl_matrix *X) {
    // X (T,d): X[t] += P[t] for t < T
    gsl_matrix_const_view P = gsl_matrix_const_view_array(params, X->size1, pe->d);
    gsl_matrix_add(X, &P.matrix);
}

static void learned_input_backward(const PosEncoding *pe, double *dparams, const gsl_matrix *dX) {
    // forward: X[t] += P[t]   =>   dP[t] += dX[t]; rows t >= T get nothing
    gsl_matrix_view dP = gsl_matrix_view_array(dparams, dX->size1, pe->d);
    gsl_matrix_add(&dP.matrix, dX);
}

PosEncoding *posenc_learned(size_t d, size_t max_positions) {
    PosEncoding *pe = posenc_alloc("learned", d, max_positions, max_positions * d);
    if (pe == NULL) return NULL;
    pe->init_params = learned_init;
    pe->input_forward = learned_input_forward;
    pe->input_backward = learned_input_backward;
    return pe;
}

// ---- sinusoidal: x_t += P_t, the fixed table of pe_table.h -----------------------

static void fixed_input_forward(const PosEncoding *pe, const double *params, gsl_matrix *X) {
    (void)params;
    // X (T,d): X[t] += P_t
    gsl_matrix_const_view P = gsl_matrix_const_submatrix(pe->fixed, 0, 0, X->size1, pe->d);
    gsl_matrix_add(X, &P.matrix);
}

PosEncoding *posenc_sinusoidal(size_t d, size_t max_positions) {
    PosEncoding *pe = posenc_alloc("sinusoidal", d, max_positions, 0);
    if (pe == NULL) return NULL;
    pe->fixed = gsl_matrix_alloc(max_positions, d);
    if (pe->fixed == NULL || pe_table_fill(pe->fixed, 0.0) != 0) {
        posenc_free(pe);
        return NULL;
    }
    pe->input_forward = fixed_input_forward;   // nothing to learn: input_backward stays a no-op
    return pe;
}

// ---- RoPE: q_t, k_t rotated by position t ------------------------------------------

static void rope_qk_forward(const PosEncoding *pe, const double *params, gsl_matrix *Q, gsl_matrix *K) {
    (void)params;
    // Q, K (T,d), row t = position t: q_t <- rot_t q_t, k_t <- rot_t k_t
    rope_table_rotate(pe->state, Q, +1);
    rope_table_rotate(pe->state, K, +1);
}

static void rope_qk_backward(const PosEncoding *pe, const double *params, double *dparams, gsl_matrix *dQ,
                             gsl_matrix *dK) {
    (void)params, (void)dparams;
    // q' = rot_t q with rot_t orthogonal  =>  dq = rot_t^T dq' = rot_t^{-1} dq'  (rope_backward)
    rope_table_rotate(pe->state, dQ, -1);
    rope_table_rotate(pe->state, dK, -1);
}

static void rope_qk_relative(const PosEncoding *pe, const double *params, long offset, gsl_matrix *M) {
    (void)params;
    // (rot_t q) . (rot_s k) = q . (rot_t^T rot_s k) = q . (rot_{s-t} k); rot_{-o} = rot_o^T = unrotate by o
    rope_table_rotate_by(pe->state, M, (size_t)labs(offset), offset >= 0 ? +1 : -1);
}

static void rope_free_state(PosEncoding *pe) { rope_table_free(pe->state); }

PosEncoding *posenc_rope(size_t d, size_t max_positions) {
    PosEncoding *pe = posenc_alloc("rope", d, max_positions, 0);
    if (pe == NULL) return NULL;
    pe->state = rope_table_new(max_positions, d);
    if (pe->state == NULL) {
        posenc_free(pe);
        return NULL;
    }
    pe->qk_forward = rope_qk_forward;
    pe->qk_backward = rope_qk_backward;
    pe->qk_relative = rope_qk_relative;
    pe->free_state = rope_free_state;
    return pe;
}

// ---- ALiBi: S[t,s] -= slope x distance, slopes trainable ------------------------------
// n_params = 1: one slope for both sides; n_params = 2: [m_left, m_right].

static void alibi_init(const PosEncoding *pe, double *params, const gsl_rng *rng) {
    (void)rng;
    for (size_t i = 0; i < pe->n_params; i++) params[i] = ALIBI_INITIAL_SLOPE;
}

static void alibi_score_forward(const PosEncoding *pe, const double *params, gsl_matrix *S) {
    // S (T,T) square and the slopes finite: alibi_bias_add's checks cannot fail here
    alibi_bias_add(S, params[0], params[pe->n_params - 1]);
}

static void alibi_score_backward(const PosEncoding *pe, const double *params, double *dparams,
                                 const gsl_matrix *dS) {
    (void)params;
    double d_left = 0.0, d_right = 0.0;
    alibi_slope_gradients(dS, &d_left, &d_right);
    if (pe->n_params == 1) {
        dparams[0] += d_left + d_right;   // one slope on both sides: the two paths add
    } else {
        dparams[0] += d_left;
        dparams[1] += d_right;
    }
}

static PosEncoding *alibi_new(const char *name, size_t d, size_t max_positions, size_t n_slopes) {
    PosEncoding *pe = posenc_alloc(name, d, max_positions, n_slopes);
    if (pe == NULL) return NULL;
    pe->init_params = alibi_init;
    pe->score_forward = alibi_score_forward;
    pe->score_backward = alibi_score_backward;
    return pe;
}

PosEncoding *posenc_alibi(size_t d, size_t max_positions) { return alibi_new("alibi", d, max_positions, 1); }

PosEncoding *posenc_alibi_left_right(size_t d, size_t max_positions) {
    return alibi_new("alibi-lr", d, max_positions, 2);
}

// ---- T5's relative bias: S[t,s] += b[bucket(s - t)], one trainable number per bucket ----------

size_t posenc_t5_bucket(long offset) {
    enum { HALF = T5_BUCKETS / 2, EXACT = HALF / 2 };
    size_t bucket = offset > 0 ? HALF : 0;   // keys after the query use the upper half
    double n = fabs((double)offset);
    if (n < EXACT) return bucket + (size_t)n;
    // log-spaced from EXACT to T5_MAX_DISTANCE; every farther offset shares the last bucket
    double steps = log(n / EXACT) / log((double)T5_MAX_DISTANCE / EXACT) * (HALF - EXACT);
    size_t far = EXACT + (size_t)steps;
    return bucket + (far < HALF - 1 ? far : HALF - 1);
}

static void t5_init(const PosEncoding *pe, double *params, const gsl_rng *rng) {
    (void)rng;
    for (size_t i = 0; i < pe->n_params; i++) params[i] = 0.0;   // no preference at first
}

static void t5_score_forward(const PosEncoding *pe, const double *params, gsl_matrix *S) {
    (void)pe;
    for (size_t t = 0; t < S->size1; t++) {
        double *row = gsl_matrix_ptr(S, t, 0);
        for (size_t s = 0; s < S->size2; s++) row[s] += params[posenc_t5_bucket((long)s - (long)t)];
    }
}

static void t5_score_backward(const PosEncoding *pe, const double *params, double *dparams, const gsl_matrix *dS) {
    (void)pe, (void)params;
    for (size_t t = 0; t < dS->size1; t++) {
        const double *row = gsl_matrix_const_ptr(dS, t, 0);
        for (size_t s = 0; s < dS->size2; s++) dparams[posenc_t5_bucket((long)s - (long)t)] += row[s];
    }
}

PosEncoding *posenc_t5_bias(size_t d, size_t max_positions) {
    PosEncoding *pe = posenc_alloc("t5", d, max_positions, T5_BUCKETS);
    if (pe == NULL) return NULL;
    pe->init_params = t5_init;
    pe->score_forward = t5_score_forward;
    pe->score_backward = t5_score_backward;
    return pe;
}

PosEncoding *posenc_by_name(const char *name, size_t d, size_t max_positions) {
    if (strcmp(name, "none") == 0) return posenc_none(d, max_positions);
    if (strcmp(name, "learned") == 0) return posenc_learned(d, max_positions);
    if (strcmp(name, "sinusoidal") == 0) return posenc_sinusoidal(d, max_positions);
    if (strcmp(name, "rope") == 0) return posenc_rope(d, max_positions);
    if (strcmp(name, "alibi") == 0) return posenc_alibi(d, max_positions);
    if (strcmp(name, "alibi-lr") == 0) return posenc_alibi_left_right(d, max_positions);
    if (strcmp(name, "t5") == 0) return posenc_t5_bias(d, max_positions);
    return NULL;
}
