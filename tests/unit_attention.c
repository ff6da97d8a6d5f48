// unit_attention.c: softmax and attention forward (common/model/attention.h),
// and row permutations (common/words/sequence.h).
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "base/random.h"
#include "words/sequence.h"
#include "model/attention.h"
#include "model/layers.h"
#include "run/compare.h"

int main(void) {
    gsl_set_error_handler_off();
    gsl_rng *rng = random_new(2385);

    // softmax of [0, ln 2] is [1/3, 2/3]; -inf gets exactly 0.
    gsl_matrix *S = gsl_matrix_alloc(2, 3);
    gsl_matrix_set(S, 0, 0, 0.0);
    gsl_matrix_set(S, 0, 1, log(2.0));
    gsl_matrix_set(S, 0, 2, -INFINITY);
    gsl_matrix_set(S, 1, 0, 1000.0);   // large scores: the max shift keeps exp finite
    gsl_matrix_set(S, 1, 1, 1000.0);
    gsl_matrix_set(S, 1, 2, 1000.0);
    gsl_test(softmax_rows(S), "softmax_rows");
    gsl_test_rel(gsl_matrix_get(S, 0, 0), 1.0 / 3.0, 4 * DBL_EPSILON, "softmax [0, ln2] -> 1/3");
    gsl_test_rel(gsl_matrix_get(S, 0, 1), 2.0 / 3.0, 4 * DBL_EPSILON, "softmax [0, ln2] -> 2/3");
    gsl_test_abs(gsl_matrix_get(S, 0, 2), 0.0, 0.0, "softmax of -inf is exactly 0");
    gsl_test_rel(gsl_matrix_get(S, 1, 2), 1.0 / 3.0, 4 * DBL_EPSILON, "softmax stable for large scores");
    gsl_matrix_set_all(S, -INFINITY);
    gsl_test(softmax_rows(S) != GSL_EDOM, "a row with no finite score gives GSL_EDOM");
    gsl_matrix_set(S, 0, 1, 0.5);      // row 0 has a finite entry, row 1 is still fully masked
    gsl_test(softmax_rows(S) != GSL_EDOM, "one fully masked row among others gives GSL_EDOM");

    // One softmax: softmax_rows(S) is layer_softmax_forward (training's), in place, to the bit.
    {
        gsl_matrix *R = gsl_matrix_alloc(7, 9), *A = gsl_matrix_alloc(7, 9);
        random_gaussian_matrix(R, rng, 3.0);
        gsl_matrix_set(R, 2, 4, -INFINITY);                     // a masked key
        gsl_test(layer_softmax_forward(A, R), "layer_softmax_forward out of place");
        gsl_test(softmax_rows(R), "softmax_rows in place");
        gsl_test_abs(max_abs_diff_matrix(A, R), 0.0, 0.0, "softmax_rows = layer_softmax_forward bit for bit");
        gsl_test_abs(gsl_matrix_get(R, 2, 4), 0.0, 0.0, "masked key weight exactly 0 (shared softmax)");
        gsl_matrix_free(R);
        gsl_matrix_free(A);
    }

    // Properties on random inputs: rows sum to 1; equivariance; causal zeros.
    for (int trial = 0; trial < 50; trial++) {
        size_t T = 2 + gsl_rng_uniform_int(rng, 12), d = 2 + 2 * gsl_rng_uniform_int(rng, 8);
        gsl_matrix *X = gsl_matrix_alloc(T, d), *PX = gsl_matrix_alloc(T, d);
        gsl_matrix *A = gsl_matrix_alloc(T, T), *O = gsl_matrix_alloc(T, d);
        gsl_matrix *A2 = gsl_matrix_alloc(T, T), *O2 = gsl_matrix_alloc(T, d);
        gsl_matrix *A_exp = gsl_matrix_alloc(T, T), *O_exp = gsl_matrix_alloc(T, d);
        random_gaussian_matrix(X, rng, 1.0);
        AttentionHead *h = attention_head_new_random(d, d, d, rng);
        gsl_permutation *p = gsl_permutation_alloc(T);
        gsl_permutation_init(p);
        gsl_ran_shuffle(rng, p->data, T, sizeof(size_t));
        gsl_test(sequence_permute_rows(p, X, PX), "permute rows");
        gsl_test(attention_forward(X, NULL, h, false, A, O), "forward X");
        gsl_test(attention_forward(PX, NULL, h, false, A2, O2), "forward PX");
        double worst_sum = 0;
        for (size_t t = 0; t < T; t++) {
            double sum = 0;
            for (size_t s = 0; s < T; s++) sum += gsl_matrix_get(A, t, s);
            worst_sum = fmax(worst_sum, fabs(sum - 1.0));
        }
        gsl_test_abs(worst_sum, 0.0, T * DBL_EPSILON, "rows of A sum to 1 (T=%zu)", T);
        sequence_permute_rows(p, O, O_exp);
        sequence_permute_square(p, A, A_exp);
        double tol = ROUNDING_TOLERANCE(max_abs_matrix(O));
        gsl_test_abs(max_abs_diff_matrix(O_exp, O2), 0.0, tol, "Attn(PX) = P Attn(X), T=%zu d=%zu", T, d);
        gsl_test_abs(max_abs_diff_matrix(A_exp, A2), 0.0, tol, "A(PX) = P A P^T, T=%zu d=%zu", T, d);
        gsl_test(attention_forward(X, NULL, h, true, A, O), "forward causal");
        double above = 0;
        for (size_t t = 0; t < T; t++)
            for (size_t s = t + 1; s < T; s++) above = fmax(above, gsl_matrix_get(A, t, s));
        gsl_test_abs(above, 0.0, 0.0, "causal weights above the diagonal are exactly 0");
        gsl_test_abs(gsl_matrix_get(A, 0, 0), 1.0, 0.0, "causal: the first token attends only to itself");
        attention_head_free(h);
        gsl_permutation_free(p);
        gsl_matrix_free(X);
        gsl_matrix_free(PX);
        gsl_matrix_free(A);
        gsl_matrix_free(O);
        gsl_matrix_free(A2);
        gsl_matrix_free(O2);
        gsl_matrix_free(A_exp);
        gsl_matrix_free(O_exp);
    }

    // Shape errors come back as GSL_EBADLEN.
    gsl_matrix *X = gsl_matrix_alloc(3, 4), *A = gsl_matrix_alloc(3, 3), *O = gsl_matrix_alloc(3, 4);
    gsl_matrix *wrongP = gsl_matrix_alloc(2, 4), *wrongA = gsl_matrix_alloc(2, 2);
    gsl_matrix_set_zero(X);
    AttentionHead *h = attention_head_new_random(4, 4, 4, rng);
    gsl_test(attention_forward(X, wrongP, h, false, A, O) != GSL_EBADLEN, "P of the wrong shape");
    gsl_test(attention_forward(X, NULL, h, false, wrongA, O) != GSL_EBADLEN, "weights of the wrong shape");
    gsl_matrix *X5 = gsl_matrix_alloc(3, 5);
    gsl_test(attention_forward(X5, NULL, h, false, A, O) != GSL_EBADLEN, "X wider than W_Q");
    size_t tokens[3] = {0, 1, 7};
    gsl_test(sequence_from_tokens(X, tokens, O) != GSL_EINVAL, "token id past the vocabulary");

    attention_head_free(h);
    gsl_matrix_free(X);
    gsl_matrix_free(X5);
    gsl_matrix_free(A);
    gsl_matrix_free(O);
    gsl_matrix_free(wrongP);
    gsl_matrix_free(wrongA);
    gsl_matrix_free(S);
    random_free(rng);
    return gsl_test_summary();
}
