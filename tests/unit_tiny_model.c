// unit_tiny_model.c: the hand-written backward pass of the tiny attention
// model (common/model/layers.h, common/model/tiny_model.h, common/model/posenc.h) against
// central finite differences, plus Adam and the one-hot view of the lookup.
//
// Every number of the parameter block is checked (E, W_QKV = [W_Q|W_K|W_V],
// b_QKV, W_O, b_O, W_U, b_U, and the encoding's own parameters such as the
// learned table), and the gradient with respect to the input x itself, for
// every encoding of chapters 6 and 7: none, learned, sinusoidal (input hook),
// RoPE (qk hook), ALiBi with one learned slope and with learned left/right
// slopes (score hook, the slopes' gradients included).
//
// Central differences: (L(w+h) - L(w-h)) / 2h has truncation error
// ~h^2 |L'''| / 6 and rounding error ~DBL_EPSILON |L| / h; the step
// h = cbrt(DBL_EPSILON) (~6e-6) balances them at ~DBL_EPSILON^(2/3) (~4e-11)
// for O(1) losses. GRAD_TOLERANCE allows 1000 times that per unit of gradient
// scale; a wrong term in a backward pass is off by O(1e-3) or more.
#include <float.h>
#include <stdbool.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_test.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/parallel.h"
#include "base/random.h"
#include "position/alibi.h"
#include "position/rope.h"
#include "model/adam.h"
#include "model/copy_task.h"
#include "model/layers.h"
#include "model/posenc.h"
#include "model/tiny_model.h"
#include "run/compare.h"

#define FD_STEP cbrt(DBL_EPSILON)
#define GRAD_TOLERANCE (1e3 * pow(DBL_EPSILON, 2.0 / 3.0))

enum { V_SMALL = 5, D_SMALL = 4, T_SMALL = 5, B_SMALL = 2, MAX_POS_SMALL = 8 };

// ---- the model's formulas, evaluated row by row with no re-association ----------------------
// (tiny_model.h: x = E[token] + p; q,k,v = x W + b; S = q.k/sqrt(d); A = softmax;
//  a = sum A v; h = x + a W_O + b_O; logits = h W_U + b_U; weighted cross-entropy)
static double reference_loss(const TinyModel *m, const TinyActs *a) {
    size_t d = m->d, T = a->T, V = m->V;
    const TinyTensors *p = &m->p;
    gsl_matrix *X = gsl_matrix_alloc(T, d), *Q = gsl_matrix_alloc(T, d), *K = gsl_matrix_alloc(T, d);
    gsl_matrix *Vm = gsl_matrix_alloc(T, d), *S = gsl_matrix_alloc(T, T);
    double loss = 0.0;
    for (size_t b = 0; b < a->B; b++) {
        gsl_matrix_set_zero(X);
        m->pe->input_forward(m->pe, p->pe, X);                      // p_t
        for (size_t t = 0; t < T; t++)
            for (size_t j = 0; j < d; j++) *gsl_matrix_ptr(X, t, j) += gsl_matrix_get(&p->E.matrix, a->tokens[b * T + t], j);
        for (size_t t = 0; t < T; t++)
            for (size_t j = 0; j < d; j++) {
                double q = gsl_vector_get(&p->b_QKV.vector, j), k = gsl_vector_get(&p->b_QKV.vector, d + j);
                double v = gsl_vector_get(&p->b_QKV.vector, 2 * d + j);
                for (size_t i = 0; i < d; i++) {
                    double x = gsl_matrix_get(X, t, i);
                    q += x * gsl_matrix_get(&p->W_QKV.matrix, i, j);
                    k += x * gsl_matrix_get(&p->W_QKV.matrix, i, d + j);
                    v += x * gsl_matrix_get(&p->W_QKV.matrix, i, 2 * d + j);
                }
                gsl_matrix_set(Q, t, j, q), gsl_matrix_set(K, t, j, k), gsl_matrix_set(Vm, t, j, v);
            }
        m->pe->qk_forward(m->pe, p->pe, Q, K);
        for (size_t t = 0; t < T; t++)
            for (size_t s = 0; s < T; s++) {
                double dot = 0.0;
                for (size_t j = 0; j < d; j++) dot += gsl_matrix_get(Q, t, j) * gsl_matrix_get(K, s, j);
                gsl_matrix_set(S, t, s, dot / sqrt((double)d));
            }
        m->pe->score_forward(m->pe, p->pe, S);
        if (m->causal)   // a query sees the keys s <= t only
            for (size_t t = 0; t < T; t++)
                for (size_t s = t + 1; s < T; s++) gsl_matrix_set(S, t, s, -INFINITY);
        for (size_t t = 0; t < T; t++) {
            double w = gsl_vector_get(a->weights, b * T + t), max = -INFINITY, sum = 0.0;
            for (size_t s = 0; s < T; s++) max = fmax(max, gsl_matrix_get(S, t, s));
            for (size_t s = 0; s < T; s++) sum += exp(gsl_matrix_get(S, t, s) - max);
            double att[64] = {0}, h[64], logits[64];
            for (size_t s = 0; s < T; s++)
                for (size_t j = 0; j < d; j++) att[j] += exp(gsl_matrix_get(S, t, s) - max) / sum * gsl_matrix_get(Vm, s, j);
            for (size_t j = 0; j < d; j++) {
                h[j] = gsl_matrix_get(X, t, j) + gsl_vector_get(&p->b_O.vector, j);
                for (size_t i = 0; i < d; i++) h[j] += att[i] * gsl_matrix_get(&p->W_O.matrix, i, j);
            }
            double lmax = -INFINITY, lsum = 0.0;
            for (size_t v = 0; v < V; v++) {
                logits[v] = gsl_vector_get(&p->b_U.vector, v);
                for (size_t j = 0; j < d; j++) logits[v] += h[j] * gsl_matrix_get(&p->W_U.matrix, j, v);
                lmax = fmax(lmax, logits[v]);
            }
            for (size_t v = 0; v < V; v++) lsum += exp(logits[v] - lmax);
            if (w != 0.0) loss += -w * (logits[a->targets[b * T + t]] - lmax - log(lsum));
        }
    }
    gsl_matrix_free(X), gsl_matrix_free(Q), gsl_matrix_free(K), gsl_matrix_free(Vm), gsl_matrix_free(S);
    return loss;
}

// T5's buckets: exact near the query, one half per side, log-spaced, the last shared.
static void check_t5_buckets(void) {
    gsl_test(posenc_t5_bucket(0) != 0 || posenc_t5_bucket(-7) != 7 || posenc_t5_bucket(7) != 23,
             "t5 buckets: distances 0..7 exact, keys after the query in the upper half");
    gsl_test(posenc_t5_bucket(-8) != 8 || posenc_t5_bucket(-127) != 15 || posenc_t5_bucket(-5000) != 15,
             "t5 buckets: log-spaced from 8, everything from 128 on shares bucket 15");
    size_t last = 0;
    bool monotone = true;
    for (long n = 0; n < 300; n++) {
        size_t b = posenc_t5_bucket(-n);
        monotone &= b >= last && b < 16;
        last = b;
    }
    gsl_test(!monotone, "t5 buckets: never decrease with the distance, stay in their half");
}

// A causal model's output at t does not depend on the tokens after t; a
// bidirectional one's does (so the mask is really applied on every path).
static void check_causal_masks(void) {
    PosEncodingMaker makers[] = {posenc_learned, posenc_rope, posenc_alibi};
    const char *labels[] = {"factored", "rotary", "factored + score hook"};
    for (size_t k = 0; k < 3; k++)
        for (int causal = 0; causal <= 1; causal++) {
            PosEncoding *pe = makers[k](D_SMALL, MAX_POS_SMALL);
            TinyModel *m = tiny_model_new(V_SMALL, pe);
            m->causal = causal;
            TinyActs *a = tiny_acts_new(m, 1, T_SMALL);
            gsl_rng *rng = random_new(77);
            tiny_model_init(m, rng, rng);
            copy_task_batch(a, V_SMALL, rng);
            tiny_forward(m, a);
            double before[V_SMALL];
            for (size_t v = 0; v < V_SMALL; v++) before[v] = gsl_matrix_get(a->logits, 1, v);
            for (size_t t = 2; t < T_SMALL; t++) a->tokens[t] = (a->tokens[t] + 1) % V_SMALL;   // change the future of t = 1
            tiny_forward(m, a);
            double change = 0.0;
            for (size_t v = 0; v < V_SMALL; v++) change = fmax(change, fabs(gsl_matrix_get(a->logits, 1, v) - before[v]));
            if (causal) gsl_test_abs(change, 0.0, 0.0, "%s path, causal: the logits at t = 1 ignore later tokens", labels[k]);
            else gsl_test(change == 0.0, "%s path, bidirectional: later tokens move the logits at t = 1 (%g)", labels[k], change);
            random_free(rng);
            tiny_acts_free(a);
            tiny_model_free(m);
            posenc_free(pe);
        }
}

// ---- finite-difference check of one model ----------------------------------------------

static double loss_now(const TinyModel *m, TinyActs *a) {
    tiny_forward(m, a);
    return a->loss;
}

static void check_model(PosEncodingMaker make, const char *label, bool causal) {
    PosEncoding *pe = make(D_SMALL, MAX_POS_SMALL);
    TinyModel *m = tiny_model_new(V_SMALL, pe);
    m->causal = causal;
    TinyActs *a = tiny_acts_new(m, B_SMALL, T_SMALL);
    gsl_rng *rng = random_new(2385), *pe_rng = random_new(4711);
    tiny_model_init(m, rng, pe_rng);
    copy_task_batch(a, V_SMALL, rng);
    // Biases start non-zero already (uniform init); nudge b_O, b_U so no term is symmetric,
    // and the encoding's numbers too (ALiBi's left and right slopes start equal).
    for (size_t i = 0; i < m->n_params; i++) m->params[i] += 0.01 * gsl_rng_uniform(rng);

    // tiny_forward (the factored path, or the projected lookup for RoPE) against the plain product:
    // the same sums in another order, so equal to a few ulp of the loss.
    gsl_test(tiny_forward(m, a), "%s: forward runs", label);
    TinyPath expect_path = posenc_has_qk_hook(pe) ? TINY_PATH_ROTARY : TINY_PATH_FACTORED;
    gsl_test(a->path != expect_path, "%s: tiny_forward takes the %s path", label,
             expect_path == TINY_PATH_ROTARY ? "rotary" : "factored");
    double fused_loss = a->loss;
    tiny_embed(m, a);
    tiny_forward_body(m, a);
    gsl_test_rel(fused_loss, a->loss, 64 * DBL_EPSILON, "%s: tiny_forward = plain projection (loss)", label);
    gsl_test_rel(fused_loss, reference_loss(m, a), 64 * DBL_EPSILON, "%s: loss = the formulas row by row", label);
    tiny_zero_grads(m);
    gsl_test(tiny_forward(m, a), "%s: forward runs", label);
    gsl_test(tiny_backward(m, a), "%s: backward runs", label);

    double worst = 0.0;
    size_t worst_i = 0, unused_nonzero = 0;
    for (size_t i = 0; i < m->n_params; i++) {
        double keep = m->params[i], h = FD_STEP * fmax(1.0, fabs(keep));
        m->params[i] = keep + h;
        double up = loss_now(m, a);
        m->params[i] = keep - h;
        double down = loss_now(m, a);
        m->params[i] = keep;
        double fd = (up - down) / (2.0 * h), analytic = m->grads[i];
        double err = fabs(fd - analytic) / fmax(1.0, fabs(fd));
        if (err > worst) worst = err, worst_i = i;
        // Learned rows no sequence reaches (t >= T_SMALL) must get exactly 0.
        if (i >= m->n_model && pe->n_params == MAX_POS_SMALL * D_SMALL && (i - m->n_model) / D_SMALL >= T_SMALL &&
            analytic != 0.0)
            unused_nonzero++;
    }
    gsl_test_abs(worst, 0.0, GRAD_TOLERANCE, "%s: every parameter gradient (%zu numbers, worst at %zu)", label,
                 m->n_params, worst_i);
    gsl_test(unused_nonzero != 0, "%s: table rows beyond the sequence get exactly zero gradient", label);

    // The per-sequence path's gradients equal the factored path's (tiny_forward above,
    // for every encoding without a qk hook): the same sums in another order.
    double *factored_grads = malloc(m->n_params * sizeof *factored_grads);
    memcpy(factored_grads, m->grads, m->n_params * sizeof *factored_grads);
    tiny_embed(m, a);
    tiny_forward_body(m, a);
    tiny_zero_grads(m);
    gsl_test(tiny_backward(m, a), "%s: per-sequence backward runs", label);
    double path_diff = 0.0, grad_scale = 0.0;
    for (size_t i = 0; i < m->n_params; i++) {
        path_diff = fmax(path_diff, fabs(m->grads[i] - factored_grads[i]));
        grad_scale = fmax(grad_scale, fabs(factored_grads[i]));
    }
    gsl_test_abs(path_diff, 0.0, 1024 * DBL_EPSILON * fmax(1.0, grad_scale),
                 "%s: per-sequence gradients = tiny_forward's gradients", label);
    free(factored_grads);

    // The input x itself: perturb X after tiny_embed, run only the body.
    gsl_test(tiny_input_gradient(m, a), "%s: input gradient after the per-sequence path", label);
    gsl_matrix *dX = gsl_matrix_alloc(a->N, D_SMALL);
    gsl_matrix_memcpy(dX, a->dX);
    tiny_embed(m, a);
    double worst_x = 0.0;
    for (size_t n = 0; n < a->N; n++)
        for (size_t j = 0; j < D_SMALL; j++) {
            double *x = gsl_matrix_ptr(a->X, n, j), keep = *x, h = FD_STEP * fmax(1.0, fabs(keep));
            *x = keep + h;
            tiny_forward_body(m, a);
            double up = a->loss;
            *x = keep - h;
            tiny_forward_body(m, a);
            double down = a->loss;
            *x = keep;
            double fd = (up - down) / (2.0 * h);
            worst_x = fmax(worst_x, fabs(fd - gsl_matrix_get(dX, n, j)) / fmax(1.0, fabs(fd)));
        }
    gsl_test_abs(worst_x, 0.0, GRAD_TOLERANCE, "%s: gradient with respect to the input x", label);

    gsl_matrix_free(dX);
    random_free(rng);
    random_free(pe_rng);
    tiny_acts_free(a);
    tiny_model_free(m);
    posenc_free(pe);
}

// ---- the chapter-7 hooks compute what rope.h and alibi.h compute ----------------------------

static void check_hooks_match_modules(void) {
    enum { T = 7, D = 8 };
    gsl_rng *rng = random_new(2385);
    PosEncoding *rope = posenc_rope(D, T + 2), *sym = posenc_alibi(D, T), *lr = posenc_alibi_left_right(D, T);
    gsl_matrix *Q = gsl_matrix_alloc(T, D), *K = gsl_matrix_alloc(T, D), *expect = gsl_matrix_alloc(T, D);
    random_gaussian_matrix(Q, rng, 2.385);
    random_gaussian_matrix(K, rng, 2.385);
    gsl_matrix_memcpy(expect, Q);
    rope_rotate(expect, expect, 0.0);
    rope->qk_forward(rope, NULL, Q, K);
    // The same angles and the same formula: bit for bit.
    gsl_test_abs(max_abs_diff_matrix(Q, expect), 0.0, 0.0, "rope hook: q rotated exactly like rope_rotate");
    rope->qk_backward(rope, NULL, NULL, Q, K);
    rope_backward(expect, expect, 0.0);
    gsl_test_abs(max_abs_diff_matrix(Q, expect), 0.0, 0.0, "rope hook backward = rope_backward");
    // The relative hook turns every row by one offset: as rope_rotate with the rows
    // all at that position (+3), and back (-3); (R_t q).(R_s k) = q.(R_{s-t} k).
    gsl_matrix_memcpy(expect, Q);
    for (size_t r = 0; r < T; r++) {
        gsl_matrix_view row = gsl_matrix_submatrix(expect, r, 0, 1, D);
        rope_rotate(&row.matrix, &row.matrix, 3.0);
    }
    rope->qk_relative(rope, NULL, 3, Q);
    gsl_test_abs(max_abs_diff_matrix(Q, expect), 0.0, 0.0, "rope relative hook, offset +3 = rope_rotate at 3");
    rope->qk_relative(rope, NULL, -3, Q);
    for (size_t r = 0; r < T; r++) {
        gsl_matrix_view row = gsl_matrix_submatrix(expect, r, 0, 1, D);
        rope_unrotate(&row.matrix, &row.matrix, 3.0);
    }
    gsl_test_abs(max_abs_diff_matrix(Q, expect), 0.0, 0.0, "rope relative hook, offset -3 = rope_unrotate at 3");
    gsl_vector_view q = gsl_matrix_row(Q, 0), k = gsl_matrix_row(K, 1);
    double direct, relative;
    gsl_matrix *QK = gsl_matrix_alloc(2, D);
    gsl_matrix_set_row(QK, 0, &q.vector);
    gsl_matrix_set_row(QK, 1, &k.vector);
    gsl_matrix_view q_at = gsl_matrix_submatrix(QK, 0, 0, 1, D), k_at = gsl_matrix_submatrix(QK, 1, 0, 1, D);
    rope_rotate(&q_at.matrix, &q_at.matrix, 2.0);   // q at t = 2, k at s = 6
    rope_rotate(&k_at.matrix, &k_at.matrix, 6.0);
    gsl_vector_view q2 = gsl_matrix_row(QK, 0), k6 = gsl_matrix_row(QK, 1);
    gsl_blas_ddot(&q2.vector, &k6.vector, &direct);
    gsl_matrix_set_row(QK, 1, &k.vector);
    rope->qk_relative(rope, NULL, 4, &k_at.matrix);
    gsl_blas_ddot(&q.vector, &k6.vector, &relative);
    gsl_test_rel(relative, direct, 64 * DBL_EPSILON, "rope: (R_2 q).(R_6 k) = q.(R_4 k)");
    gsl_matrix_free(QK);

    gsl_matrix *S = gsl_matrix_alloc(T, T), *S_expect = gsl_matrix_alloc(T, T);
    random_gaussian_matrix(S, rng, 2.385);
    gsl_matrix_memcpy(S_expect, S);
    double slope = 0.385, slopes[2] = {0.385, 1.615};
    sym->score_forward(sym, &slope, S);
    alibi_bias_add(S_expect, slope, slope);
    gsl_test_abs(max_abs_diff_matrix(S, S_expect), 0.0, 0.0, "alibi hook = alibi_bias_add(m, m)");
    lr->score_forward(lr, slopes, S);
    alibi_bias_add(S_expect, slopes[0], slopes[1]);
    gsl_test_abs(max_abs_diff_matrix(S, S_expect), 0.0, 0.0, "alibi-lr hook = alibi_bias_add(m_left, m_right)");
    gsl_test(sym->n_params != 1 || lr->n_params != 2 || rope->n_params != 0, "parameter counts 1, 2 and 0");
    double init[2] = {0.0, 0.0};
    lr->init_params(lr, init, rng);
    gsl_test(init[0] != ALIBI_INITIAL_SLOPE || init[1] != ALIBI_INITIAL_SLOPE, "ALiBi slopes start at the stated value");

    gsl_matrix_free(Q), gsl_matrix_free(K), gsl_matrix_free(expect), gsl_matrix_free(S), gsl_matrix_free(S_expect);
    posenc_free(rope), posenc_free(sym), posenc_free(lr);
    random_free(rng);
}

// ---- the lookup is a one-hot product -----------------------------------------------------

static void check_one_hot(void) {
    gsl_rng *rng = random_new(2385);
    gsl_matrix *E = gsl_matrix_alloc(V_SMALL, D_SMALL), *out = gsl_matrix_alloc(7, D_SMALL);
    gsl_matrix *onehot = gsl_matrix_calloc(7, V_SMALL), *product = gsl_matrix_alloc(7, D_SMALL);
    random_gaussian_matrix(E, rng, 2.385);
    size_t tokens[7] = {3, 1, 4, 1, 0, 2, 1};
    for (size_t n = 0; n < 7; n++) gsl_matrix_set(onehot, n, tokens[n], 1.0);
    layer_embedding_forward(out, tokens, E);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, onehot, E, 0.0, product);
    double diff = 0.0;
    for (size_t n = 0; n < 7; n++)
        for (size_t j = 0; j < D_SMALL; j++) diff = fmax(diff, fabs(gsl_matrix_get(out, n, j) - gsl_matrix_get(product, n, j)));
    // 1*e + 0*others is exact in floating point: the two must agree bit for bit.
    gsl_test_abs(diff, 0.0, 0.0, "lookup equals onehot x E exactly");
    size_t bad[1] = {V_SMALL};
    gsl_matrix_view one_row = gsl_matrix_submatrix(out, 0, 0, 1, D_SMALL);
    gsl_test(layer_embedding_forward(&one_row.matrix, bad, E) == 0, "token id out of range is refused");
    gsl_matrix_free(E);
    gsl_matrix_free(out);
    gsl_matrix_free(onehot);
    gsl_matrix_free(product);
    random_free(rng);
}

// ---- the factored path's pieces ----------------------------------------------------------

// gather and scatter are each other's transpose: <gather(R), X> = <R, scatter(X)>
// for any R (N,K) and X (N,T), the defining property of a backward pass. And
// what gather reads is "token column + position column" of each key.
static void check_keys(void) {
    enum { B = 3, T = 4, V = 5, N = B * T, K = V + T };
    gsl_rng *rng = random_new(2385);
    size_t tokens[N];
    for (size_t n = 0; n < N; n++) tokens[n] = gsl_rng_uniform_int(rng, V);
    gsl_matrix *R = gsl_matrix_alloc(N, K), *X = gsl_matrix_alloc(N, T);
    gsl_matrix *gathered = gsl_matrix_alloc(N, T), *scattered = gsl_matrix_alloc(N, K);
    random_gaussian_matrix(R, rng, 1.0);
    random_gaussian_matrix(X, rng, 1.0);
    gsl_test(layer_keys_gather(gathered, R, tokens), "keys: gather runs");
    gsl_test(layer_keys_scatter(scattered, X, tokens), "keys: scatter runs");
    double left = 0.0, right = 0.0, worst = 0.0;
    for (size_t n = 0; n < N; n++) {
        for (size_t s = 0; s < T; s++) {
            left += gsl_matrix_get(gathered, n, s) * gsl_matrix_get(X, n, s);
            double expect = gsl_matrix_get(R, n, tokens[(n / T) * T + s]) + gsl_matrix_get(R, n, V + s);
            worst = fmax(worst, fabs(gsl_matrix_get(gathered, n, s) - expect));
        }
        for (size_t k = 0; k < K; k++) right += gsl_matrix_get(R, n, k) * gsl_matrix_get(scattered, n, k);
    }
    gsl_test_abs(worst, 0.0, 0.0, "keys: gather = token column + position column of each key");
    gsl_test_rel(left, right, 64 * DBL_EPSILON, "keys: <gather(R), X> = <R, scatter(X)>");

    // The fused backward = gather, softmax backward, scatter and the table
    // lookup's backward one after the other (to rounding: the token columns'
    // sums are added up in another order).
    gsl_matrix *A = gsl_matrix_alloc(N, T), *dA = gsl_matrix_alloc(N, T);
    gsl_matrix *dtable = gsl_matrix_calloc(K, K), *expect = gsl_matrix_calloc(K, K);
    gsl_vector *work = gsl_vector_alloc(4 * T + K);
    layer_softmax_forward(A, X);
    layer_keys_gather(dA, R, tokens);
    layer_softmax_backward(dA, dA, A);
    layer_keys_scatter(scattered, dA, tokens);
    for (size_t n = 0; n < N; n++)
        for (size_t k = 0; k < K; k++) {
            *gsl_matrix_ptr(expect, tokens[n], k) += gsl_matrix_get(scattered, n, k);
            *gsl_matrix_ptr(expect, V + n % T, k) += gsl_matrix_get(scattered, n, k);
        }
    gsl_test(layer_keys_softmax_backward(dtable, R, NULL, A, tokens, work), "keys: fused softmax backward runs");
    gsl_test_abs(max_abs_diff_matrix(dtable, expect), 0.0, 64 * DBL_EPSILON * fmax(1.0, gsl_matrix_max(expect)),
                 "keys: fused softmax backward = the four in a row");
    // From a float32 dC: the same as from the double dC rounded to float, to the bit.
    gsl_matrix_float *R_float = gsl_matrix_float_alloc(N, K);
    for (size_t n = 0; n < N; n++)
        for (size_t k = 0; k < K; k++) {
            gsl_matrix_float_set(R_float, n, k, (float)gsl_matrix_get(R, n, k));
            gsl_matrix_set(R, n, k, (double)gsl_matrix_float_get(R_float, n, k));
        }
    gsl_matrix_set_zero(dtable), gsl_matrix_set_zero(expect);
    layer_keys_softmax_backward(expect, R, NULL, A, tokens, work);
    layer_keys_softmax_backward(dtable, NULL, R_float, A, tokens, work);
    gsl_test_abs(max_abs_diff_matrix(dtable, expect), 0.0, 0.0, "keys: fused softmax backward from a float32 dC");
    gsl_test(layer_keys_softmax_backward(dA, R, NULL, A, tokens, work) == 0, "keys: a wrong table shape is refused");
    gsl_matrix_float_free(R_float);
    gsl_matrix_free(A), gsl_matrix_free(dA), gsl_matrix_free(dtable), gsl_matrix_free(expect);
    gsl_vector_free(work);
    tokens[N - 1] = V;
    gsl_test(layer_keys_gather(gathered, R, tokens) == 0, "keys: a token id out of range is refused");
    gsl_matrix_view short_R = gsl_matrix_submatrix(R, 0, 0, N, T);
    gsl_test(layer_keys_scatter(&short_R.matrix, X, tokens) == 0, "keys: R without token columns is refused");
    gsl_matrix_free(R), gsl_matrix_free(X), gsl_matrix_free(gathered), gsl_matrix_free(scattered);
    random_free(rng);
}

// The table paths' softmax uses exp tables while no table row spans too wide
// a range, and S-then-exp when one does: both give the formulas' loss.
static void check_exp_table_fallback(PosEncodingMaker make, const char *label) {
    PosEncoding *pe = make(D_SMALL, MAX_POS_SMALL);
    TinyModel *m = tiny_model_new(V_SMALL, pe);
    TinyActs *a = tiny_acts_new(m, B_SMALL, T_SMALL);
    gsl_rng *rng = random_new(2385);
    tiny_model_init(m, rng, rng);
    copy_task_batch(a, V_SMALL, rng);
    gsl_test(tiny_forward(m, a) || !a->exp_products, "%s: ordinary weights take the exp tables", label);
    gsl_test_rel(a->loss, reference_loss(m, a), 64 * DBL_EPSILON, "%s: softmax from exp tables = formulas", label);
    // Scores of thousands: a table entry (or a product of four) could underflow.
    gsl_matrix_scale(&m->p.W_QKV.matrix, 40.0);
    gsl_test(tiny_forward(m, a) || a->exp_products, "%s: scores of thousands take S then exp", label);
    double expect = reference_loss(m, a);
    gsl_test_rel(a->loss, expect, 1e3 * DBL_EPSILON, "%s: softmax from S then exp = formulas (loss %.3g)", label, expect);
    tiny_zero_grads(m);
    gsl_test(tiny_backward(m, a), "%s: backward after the S-then-exp route runs", label);
    random_free(rng);
    tiny_acts_free(a);
    tiny_model_free(m);
    posenc_free(pe);
}

// An encoding with a qk hook but no qk_relative (RoPE with the hook removed)
// takes the per-sequence path: the same loss and gradients as the rotary path.
static void check_per_sequence_fallback(void) {
    PosEncoding *rope = posenc_rope(D_SMALL, MAX_POS_SMALL), *plain = posenc_rope(D_SMALL, MAX_POS_SMALL);
    plain->qk_relative = NULL;
    TinyModel *m = tiny_model_new(V_SMALL, rope), *m_plain = tiny_model_new(V_SMALL, plain);
    TinyActs *a = tiny_acts_new(m, B_SMALL, T_SMALL), *a_plain = tiny_acts_new(m_plain, B_SMALL, T_SMALL);
    gsl_rng *rng = random_new(2385), *rng_plain = random_new(2385);
    tiny_model_init(m, rng, rng);
    tiny_model_init(m_plain, rng_plain, rng_plain);
    copy_task_batch(a, V_SMALL, rng);
    copy_task_batch(a_plain, V_SMALL, rng_plain);
    tiny_zero_grads(m), tiny_zero_grads(m_plain);
    tiny_forward(m, a), tiny_backward(m, a);
    tiny_forward(m_plain, a_plain), tiny_backward(m_plain, a_plain);
    gsl_test(a->path != TINY_PATH_ROTARY || a_plain->path != TINY_PATH_PER_SEQUENCE,
             "RoPE without qk_relative takes the per-sequence path");
    gsl_test_rel(a_plain->loss, a->loss, 64 * DBL_EPSILON, "per-sequence path: the rotary path's loss");
    double diff = 0.0, scale = 0.0;
    for (size_t i = 0; i < m->n_params; i++) {
        diff = fmax(diff, fabs(m->grads[i] - m_plain->grads[i]));
        scale = fmax(scale, fabs(m->grads[i]));
    }
    gsl_test_abs(diff, 0.0, 1024 * DBL_EPSILON * fmax(1.0, scale), "per-sequence path: the rotary path's gradients");
    random_free(rng), random_free(rng_plain);
    tiny_acts_free(a), tiny_acts_free(a_plain);
    tiny_model_free(m), tiny_model_free(m_plain);
    posenc_free(rope), posenc_free(plain);
}

// ---- the value products in float32 (tiny_model.h, 5.) ----------------------------------------

// The loss and every gradient with float32_values against the double path, on
// the same parameters and batch: worst relative differences into *loss_err and
// *grad_err (a gradient's relative to the largest gradient entry).
static void float32_differences(TinyModel *m, TinyActs *a, double *loss_err, double *grad_err) {
    double *double_grads = malloc(m->n_params * sizeof *double_grads);
    a->float32_values = false;
    tiny_zero_grads(m);
    tiny_forward(m, a), tiny_backward(m, a);
    double double_loss = a->loss, scale = 0.0;
    memcpy(double_grads, m->grads, m->n_params * sizeof *double_grads);
    a->float32_values = true;
    tiny_zero_grads(m);
    gsl_test(tiny_forward(m, a) || tiny_backward(m, a), "float32 values: forward and backward run");
    *loss_err = fabs(a->loss - double_loss) / fabs(double_loss);
    *grad_err = 0.0;
    for (size_t i = 0; i < m->n_params; i++) scale = fmax(scale, fabs(double_grads[i]));
    for (size_t i = 0; i < m->n_params; i++) *grad_err = fmax(*grad_err, fabs(m->grads[i] - double_grads[i]) / scale);
    a->float32_values = false;
    free(double_grads);
}

// At chapter 6's shapes (V 16, d 32, T 32, batch 64) and at the small ones, every
// path (factored, rotary; exp tables and S then exp), bidirectional and causal:
// float32 rounding (2^-24, ~6e-8) over sums of up to K = V + T terms keeps the
// loss and gradients within FLOAT32_TOLERANCE of the double path, while a wrong
// or missing term is off by O(1e-3) or more.
#define FLOAT32_TOLERANCE 1e-5
static void check_float32_values(PosEncodingMaker make, const char *label, bool causal, size_t V, size_t d, size_t B,
                                 size_t T) {
    PosEncoding *pe = make(d, 4 * T);
    TinyModel *m = tiny_model_new(V, pe);
    m->causal = causal;
    TinyActs *a = tiny_acts_new(m, B, T);
    gsl_rng *rng = random_new(2385);
    tiny_model_init(m, rng, rng);
    copy_task_batch(a, V, rng);
    for (size_t i = 0; i < m->n_params; i++) m->params[i] += 0.01 * gsl_rng_uniform(rng);
    double loss_err, grad_err;
    float32_differences(m, a, &loss_err, &grad_err);
    gsl_test(a->exp_products == 0, "%s: ordinary weights take the exp tables", label);
    gsl_test_abs(loss_err, 0.0, FLOAT32_TOLERANCE, "%s (V %zu, d %zu, T %zu, B %zu): float32 values, loss within %g of double (%.2g)",
                 label, V, d, T, B, FLOAT32_TOLERANCE, loss_err);
    gsl_test_abs(grad_err, 0.0, FLOAT32_TOLERANCE, "%s: float32 values, gradients within %g of double (%.2g)", label,
                 FLOAT32_TOLERANCE, grad_err);
    gsl_matrix_scale(&m->p.W_QKV.matrix, 40.0);   // scores of thousands: S then exp
    float32_differences(m, a, &loss_err, &grad_err);
    gsl_test(a->exp_products != 0, "%s: scores of thousands take S then exp", label);
    gsl_test_abs(loss_err, 0.0, FLOAT32_TOLERANCE, "%s, S then exp: float32 values, loss within %g of double (%.2g)",
                 label, FLOAT32_TOLERANCE, loss_err);
    gsl_test_abs(grad_err, 0.0, FLOAT32_TOLERANCE, "%s, S then exp: float32 values, gradients within %g of double (%.2g)",
                 label, FLOAT32_TOLERANCE, grad_err);
    random_free(rng);
    tiny_acts_free(a);
    tiny_model_free(m);
    posenc_free(pe);
}

// ---- Adam ------------------------------------------------------------------------------------

static void check_adam(void) {
    Adam *adam = adam_new(3, 3e-3, 0.9, 0.999, 1e-8);
    double p[3] = {2.385, -1.25, 0.5}, g[3] = {0.75, -0.125, 0.0};
    adam_step(adam, p, g);
    // First step: m_hat = g, v_hat = g^2, so the update is lr g / (|g| + eps).
    gsl_test_rel(p[0], 2.385 - 3e-3 * 0.75 / (0.75 + 1e-8), 8 * DBL_EPSILON, "Adam first step, positive gradient");
    gsl_test_rel(p[1], -1.25 + 3e-3 * 0.125 / (0.125 + 1e-8), 8 * DBL_EPSILON, "Adam first step, negative gradient");
    for (int k = 0; k < 100; k++) adam_step(adam, p, g);
    gsl_test(p[2] != 0.5, "Adam: a parameter whose gradient is always 0 stays bit-identical");
    adam_free(adam);
}

int main(void) {
    parallel_blas_choose_kernels();   // the kernels the chapters train with (parallel.h)
    gsl_set_error_handler_off();   // the refusals below return status codes
    check_model(posenc_none, "none", false);
    check_model(posenc_learned, "learned", false);
    check_model(posenc_sinusoidal, "sinusoidal", false);
    check_model(posenc_rope, "rope (qk hook)", false);
    check_model(posenc_alibi, "alibi, one slope (score hook)", false);
    check_model(posenc_alibi_left_right, "alibi, left/right slopes (score hook)", false);
    check_model(posenc_t5_bias, "t5 bias (score hook)", false);
    check_model(posenc_t5_bias, "causal t5 bias", true);
    check_t5_buckets();
    // the same checks with the causal mask (every path masks; the gradients follow from A)
    check_model(posenc_none, "causal none", true);
    check_model(posenc_learned, "causal learned", true);
    check_model(posenc_rope, "causal rope", true);
    check_model(posenc_alibi_left_right, "causal alibi, left/right", true);
    check_causal_masks();
    check_hooks_match_modules();
    check_one_hot();
    check_keys();
    check_exp_table_fallback(posenc_learned, "factored softmax");
    check_exp_table_fallback(posenc_rope, "rotary softmax");
    check_per_sequence_fallback();
    PosEncodingMaker float32_makers[] = {posenc_none, posenc_learned, posenc_sinusoidal, posenc_rope,
                                         posenc_alibi_left_right, posenc_t5_bias};
    const char *float32_labels[] = {"none", "learned", "sinusoidal", "rope", "alibi, left/right", "t5 bias"};
    for (size_t i = 0; i < sizeof float32_makers / sizeof float32_makers[0]; i++)
        for (int causal = 0; causal <= 1; causal++) {
            check_float32_values(float32_makers[i], float32_labels[i], causal, V_SMALL, D_SMALL, B_SMALL, T_SMALL);
            check_float32_values(float32_makers[i], float32_labels[i], causal, 16, 32, 64, 32);
        }
    check_adam();
    gsl_test(posenc_by_name("nope", 4, 8) != NULL, "an unknown encoding name is refused");
    gsl_test(posenc_learned(3, 8) != NULL, "an odd width is refused");
    gsl_test(posenc_rope(3, 8) != NULL || posenc_rope(4, 0) != NULL, "rope: odd width, no positions refused");
    const char *names[] = {"rope", "alibi", "alibi-lr"};
    for (size_t i = 0; i < 3; i++) {
        PosEncoding *pe = posenc_by_name(names[i], 4, 8);
        gsl_test(pe == NULL || strcmp(pe->name, names[i]) != 0, "posenc_by_name(\"%s\")", names[i]);
        posenc_free(pe);
    }
    return gsl_test_summary();
}
