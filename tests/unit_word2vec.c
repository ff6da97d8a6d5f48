// unit_word2vec.c: skip-gram with negative sampling (common/words/word2vec.h).
//
// 1. The gradient of one example's loss (sgns_backward) against central finite
//    differences of sgns_forward, for every entry of the input row and of each
//    target row. The tables are floats: the loss of a perturbed input carries
//    float rounding of about 1e-7 relative in its dot products, so a step of
//    H = 1e-2 keeps the rounding part of the difference quotient near 1e-5,
//    and the truncation part (H^2/6 times the third derivative, |f'''| <= 1 for
//    these sizes) near 2e-5: GRAD_TOL = 1e-3 on |analytic - numeric|.
// 2. Training changes only the rows that were used, and the same seed gives
//    the same bits on 1 thread and 2.
// 3. Training whose loss stops being finite (a learning rate far too large)
//    stops and says so.
// 4. The negative words' draws (w2v_noise_draw) are gsl_ran_discrete's, word
//    for word, from two generators with the same seed: on word2vec's
//    count^0.75 weights of a Zipf vocabulary the size of GCIDE's, on equal
//    weights (every bucket full, F = 1) and on weights with zeros.
#include <gsl/gsl_errno.h>
#include <gsl/gsl_test.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>

#include "base/random.h"
#include "words/word2vec.h"

static const double H = 1e-2, GRAD_TOL = 1e-3;
enum { D = 12, TARGETS = 4, V = 30 };

int main(void) {
    gsl_set_error_handler_off();
    gsl_rng *rng = random_new(4242);

    float in[D], rows[TARGETS][D], labels[TARGETS] = {1, 0, 0, 0}, probs[TARGETS], d_in[D], d_outs[TARGETS * D];
    for (int i = 0; i < D; i++) in[i] = (float)(gsl_rng_uniform(rng) - 0.5);
    for (int j = 0; j < TARGETS; j++)
        for (int i = 0; i < D; i++) rows[j][i] = (float)(gsl_rng_uniform(rng) - 0.5);
    const float *outs[TARGETS] = {rows[0], rows[1], rows[2], rows[3]};
    sgns_forward(in, outs, labels, TARGETS, D, probs);
    sgns_backward(in, outs, labels, probs, TARGETS, D, d_in, d_outs);
    double worst = 0.0;
    for (int i = 0; i < D; i++) {
        float keep = in[i];
        in[i] = keep + (float)H;
        double up = sgns_forward(in, outs, labels, TARGETS, D, probs);
        in[i] = keep - (float)H;
        double down = sgns_forward(in, outs, labels, TARGETS, D, probs);
        in[i] = keep;
        double numeric = (up - down) / (2 * H);
        worst = fmax(worst, fabs(numeric - d_in[i]));
        gsl_test_abs(d_in[i], numeric, GRAD_TOL, "d loss / d E[w][%d] against finite differences", i);
    }
    for (int j = 0; j < TARGETS; j++)
        for (int i = 0; i < D; i++) {
            float keep = rows[j][i];
            rows[j][i] = keep + (float)H;
            double up = sgns_forward(in, outs, labels, TARGETS, D, probs);
            rows[j][i] = keep - (float)H;
            double down = sgns_forward(in, outs, labels, TARGETS, D, probs);
            rows[j][i] = keep;
            double numeric = (up - down) / (2 * H);
            worst = fmax(worst, fabs(numeric - d_outs[j * D + i]));
            gsl_test_abs(d_outs[j * D + i], numeric, GRAD_TOL, "d loss / d C[t_%d][%d] against finite differences", j, i);
        }
    // the loss itself: -log sigma(s_0) - sum log sigma(-s_j)
    double expect = 0.0;
    for (int j = 0; j < TARGETS; j++) {
        double s = 0.0;
        for (int i = 0; i < D; i++) s += (double)in[i] * rows[j][i];
        expect += j == 0 ? log1p(exp(-s)) : log1p(exp(s));
    }
    gsl_test_rel(sgns_forward(in, outs, labels, TARGETS, D, probs), expect, 1e-5, "the loss matches its formula");

    // One SGD step changes the centre's row of E and the target rows of C only.
    float *E = malloc(V * D * sizeof *E), *C = malloc(V * D * sizeof *C), *E0 = malloc(V * D * sizeof *E0),
          *C0 = malloc(V * D * sizeof *C0);
    for (int i = 0; i < V * D; i++) {
        E[i] = (float)(gsl_rng_uniform(rng) - 0.5);
        C[i] = (float)(gsl_rng_uniform(rng) - 0.5);
    }
    memcpy(E0, E, V * D * sizeof *E);
    memcpy(C0, C, V * D * sizeof *C);
    uint32_t negs[2] = {11, 17};
    w2v_step(E, C, D, 5, 9, negs, 2, 0.1f);
    int changed_e = 0, changed_c = 0, wrong = 0;
    for (int r = 0; r < V; r++) {
        bool ce = memcmp(E + r * D, E0 + r * D, D * sizeof *E) != 0, cc = memcmp(C + r * D, C0 + r * D, D * sizeof *C) != 0;
        changed_e += ce;
        changed_c += cc;
        if ((ce && r != 5) || (cc && r != 9 && r != 11 && r != 17)) wrong++;
    }
    gsl_test_int(changed_e, 1, "one row of E changes (the centre word)");
    gsl_test_int(changed_c, 3, "three rows of C change (context and two negatives)");
    gsl_test_int(wrong, 0, "no other row changes");

    // Training: the same seed gives the same bits on 1 and 2 threads.
    enum { N = 4000 };
    uint32_t *tokens = malloc(N * sizeof *tokens);
    long counts[V] = {0};
    for (int i = 0; i < N; i++) {
        tokens[i] = (uint32_t)((i * 7 + (i / 3) % 5) % V);
        counts[tokens[i]]++;
    }
    W2VConfig cfg = {.dim = 8, .window = 3, .negative = 3, .epochs = 2, .lr = 0.05, .sample = 0, .noise_power = 0.75,
                     .sync_words = 300, .threads = 1, .seed = 99};
    W2VModel *one = w2v_train(tokens, N, counts, V, &cfg);
    cfg.threads = 2;
    W2VModel *two = w2v_train(tokens, N, counts, V, &cfg);
    gsl_test(one == NULL || two == NULL, "training runs");
    if (one && two) {
        gsl_test(memcmp(one->in, two->in, V * 8 * sizeof(float)) != 0, "E is byte-identical on 1 and 2 threads");
        gsl_test(memcmp(one->out, two->out, V * 8 * sizeof(float)) != 0, "C is byte-identical on 1 and 2 threads");
    }
    cfg.seed = 100;
    W2VModel *other = w2v_train(tokens, N, counts, V, &cfg);
    gsl_test(other == NULL || memcmp(one->in, other->in, V * 8 * sizeof(float)) == 0, "another seed gives other vectors");
    gsl_test(one == NULL || one->diverged, "training at lr 0.05 stays finite");
    // A learning rate far too large: the loss stops being finite, training
    // stops and says so (the chapter then reports it and keeps nothing).
    cfg.lr = 50.0;
    W2VModel *wild = w2v_train(tokens, N, counts, V, &cfg);
    gsl_test(wild == NULL || !wild->diverged, "training at lr 50 diverges and says so");
    if (wild) gsl_test(strncmp(wild->diverged_what, "the loss became ", 16) != 0, "and what: '%s'", wild->diverged_what);
    w2v_free(wild);
    // The negative words' draws against GSL's, on three distributions.
    enum { NOISE_V = 44048, DRAWS = 2000000 };
    double *weights = malloc(NOISE_V * sizeof *weights);
    for (int kind = 0; kind < 3 && weights; kind++) {
        size_t n_words = kind == 1 ? 1000 : NOISE_V;
        for (size_t w = 0; w < n_words; w++)
            weights[w] = kind == 0 ? pow(1e6 / (double)(w + 1), 0.75) : kind == 1 ? 1.0 : (w % 3 == 0 ? 0.0 : (double)(w % 7));
        gsl_ran_discrete_t *gsl = gsl_ran_discrete_preproc(n_words, weights);
        W2VNoise *ours = w2v_noise_new(n_words, weights);
        gsl_rng *a = random_new(20170612 + (unsigned long)kind), *b = random_new(20170612 + (unsigned long)kind);
        size_t differ = 0;
        for (size_t i = 0; gsl && ours && i < DRAWS; i++) differ += gsl_ran_discrete(a, gsl) != w2v_noise_draw(ours, b);
        gsl_test(gsl == NULL || ours == NULL, "the noise tables are built (weights %d)", kind);
        gsl_test(differ != 0, "%d draws are gsl_ran_discrete's, word for word (weights %d): %zu differ", DRAWS, kind, differ);
        gsl_ran_discrete_free(gsl);
        w2v_noise_free(ours);
        random_free(a);
        random_free(b);
    }
    free(weights);
    w2v_free(one);
    w2v_free(two);
    w2v_free(other);
    free(tokens);
    free(E);
    free(C);
    free(E0);
    free(C0);
    random_free(rng);
    return gsl_test_summary();
}
