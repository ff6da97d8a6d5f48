// word2vec.h: skip-gram with negative sampling (SGNS), trained in C.
//
// The model is two (V, d) tables: E, the input embeddings (a word's vector is
// its row: the lookup one-hot(w) x E is row selection), and C, the context
// vectors. For a centre word w, a context word c and k negatives n_1..n_k
// drawn from the unigram distribution raised to a power (word2vec: 3/4):
//
//   s_j  = E[w] . C[t_j]                t_0 = c (label 1), t_j = n_j (label 0)
//   loss = -sum_j [ y_j log sigma(s_j) + (1 - y_j) log sigma(-s_j) ]
//   dloss/ds_j = sigma(s_j) - y_j
//   dloss/dE[w] = sum_j (sigma(s_j) - y_j) C[t_j],   dloss/dC[t_j] = (sigma(s_j) - y_j) E[w]
//
// sgns_forward / sgns_backward are that computation for one example (the
// llm.c way: forward keeps what backward needs); training applies plain SGD
// with a learning rate falling linearly to 0, a window drawn uniformly in
// [1, window] per centre word, and word2vec's subsampling of frequent words.
//
// Determinism: the corpus is cut into W2V_SHARDS fixed, contiguous shards.
// Training runs in rounds; in a round every shard trains its own copy of
// the tables on its next sync_words kept words, starting from the same
// master tables, with its own random stream. After the round the changes are
// merged in shard order: master += (copy_0 - master) + (copy_1 - master),
// row by row for the rows a shard touched. The shards run on 1 or 2 threads
// with the same arithmetic, so the vectors are byte-identical for any
// thread count; only the wall time changes.
#ifndef WORKBOOK_WORD2VEC_H
#define WORKBOOK_WORD2VEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

enum { W2V_SHARDS = 2, W2V_MAX_NEGATIVE = 32 };

typedef struct {
    size_t dim;            // d
    size_t window;         // largest distance to a context word
    size_t negative;       // k
    size_t epochs;
    double lr;             // starting learning rate
    double sample;         // subsampling threshold t (0 = off)
    double noise_power;    // negatives are drawn with probability ~ count^noise_power
    size_t sync_words;     // kept words per shard between merges
    size_t threads;        // 1 or 2 (results do not depend on it)
    unsigned long seed;
} W2VConfig;

typedef struct {
    size_t V, d;
    float *in;             // E, (V, d) row-major
    float *out;            // C, (V, d) row-major
    double seconds;        // training wall time
    double words_per_second;   // corpus words read (before subsampling) per second
    double final_loss;     // mean loss over the last round's examples (1 in 64 of them)
    // Divergence (a learning rate too large for the settings): training stops
    // at the first round whose sampled loss is not finite, and both tables are
    // checked once at the end (a row no sampled example read). Then diverged is
    // set, the tables are no model, and diverged_what says what went wrong
    // ("the loss became NaN after 126000 words": centre words trained, after
    // subsampling, up to the round that showed it).
    bool diverged;
    char diverged_what[96];
} W2VModel;

// One example. in_row: E[w] (d). outs[j]: C[t_j] (d), j = 0..k; labels[j] in {0, 1}.
// Writes sigma(s_j) into probs (k+1) and returns the loss.
double sgns_forward(const float *in_row, const float *const *outs, const float *labels, size_t n_targets, size_t d,
                    float *probs);
// The gradients of that loss: d_in (d), d_outs (n_targets x d, row j for t_j).
void sgns_backward(const float *in_row, const float *const *outs, const float *labels, const float *probs,
                   size_t n_targets, size_t d, float *d_in, float *d_outs);

// Train on tokens[0..n) (ids < V, counts[V] their frequencies). Returns NULL
// if out of memory; a model with diverged set when training stopped being
// finite. E starts uniform in [-0.5/d, 0.5/d) (GSL's RNG), C at 0.
W2VModel *w2v_train(const uint32_t *tokens, size_t n, const long *counts, size_t V, const W2VConfig *config);
// A model with the given tables (taken over), e.g. from a cache.
W2VModel *w2v_wrap(size_t V, size_t d, float *in, float *out);
void w2v_free(W2VModel *m);

// One SGD step on one (centre, context) pair with the given negatives, on
// tables in and out (V, d): what training does per pair. Exposed so chapter 0
// can show which rows a step changes. Returns the example's loss.
double w2v_step(float *in, float *out, size_t d, uint32_t centre, uint32_t context, const uint32_t *negatives,
                size_t k, float lr);

// The negative words' distribution: the word w with probability weights[w] /
// their sum. w2v_noise_draw gives the same word as gsl_ran_discrete(rng,
// gsl_ran_discrete_preproc(V, weights)) from the same generator (mt19937,
// or any whose outputs are 32 bits), faster (word2vec.c says how); training
// draws its negatives so. NULL: no memory (or V = 0, or V >= 2^32).
typedef struct W2VNoise W2VNoise;
W2VNoise *w2v_noise_new(size_t V, const double *weights);
size_t w2v_noise_draw(const W2VNoise *noise, const gsl_rng *rng);
void w2v_noise_free(W2VNoise *noise);

#endif
