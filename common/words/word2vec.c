// word2vec.c: see word2vec.h.
//
// The build's -O2 vectorises only loops whose trip count needs no scalar
// remainder; d = 100 does, so this file asks GCC for its dynamic cost model
// (the inner loops of training then run 4 floats at a time). Vectorising
// never reorders a sum here (no -ffast-math): the numbers are the same.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif
// On x86-64 the hot functions are also built for AVX2 (8 floats at a time)
// and the loader picks the version the CPU runs (WORKBOOK_HOT_LOOP, common/base/hot_loop.h).
// The build never fuses a*b+c into one rounding (-ffp-contract=off), and the
// sums below keep one order in both versions, so both give the same bits.
#define _DEFAULT_SOURCE   // madvise and MADV_HUGEPAGE (Linux), which _POSIX_C_SOURCE alone hides
#include "words/word2vec.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "base/hot_loop.h"
#include "base/parallel.h"
#include "base/progress.h"
#include "base/random.h"
#include "base/wallclock.h"

// Eight running sums, lane i taking the products i, i + 8, i + 16, ...,
// added up in a fixed order at the end: one chain of additions would wait on
// each add's latency, and eight lanes are exactly one AVX2 register, so the
// vector and the scalar version compute the same sums (the same bits).
// Inline (dot and forward): compiled into each copy of the pair step, with no
// call per score (a call each made the pair rounds about a tenth slower).
static inline float dot(const float *restrict a, const float *restrict b, size_t d) {
    float lane[8] = {0};
    size_t i = 0;
    for (; i + 8 <= d; i += 8)
        for (size_t l = 0; l < 8; l++) lane[l] += a[i + l] * b[i + l];
    for (size_t l = 0; i < d; i++, l++) lane[l] += a[i] * b[i];
    return ((lane[0] + lane[4]) + (lane[1] + lane[5])) + ((lane[2] + lane[6]) + (lane[3] + lane[7]));
}

// log sigma(x) without overflow for large |x|
static double log_sigmoid(double x) { return x >= 0 ? -log1p(exp(-x)) : x - log1p(exp(x)); }

// The scores' sigmoids, and the loss when asked (training asks for it on 1
// example in 64 only: the logs cost as much as the rest of the example).
static inline double forward(const float *in_row, const float *const *outs, const float *labels, size_t n_targets,
                      size_t d, float *probs, bool with_loss) {
    double loss = 0.0;
    for (size_t j = 0; j < n_targets; j++) {
        double s = dot(in_row, outs[j], d);
        probs[j] = (float)(1.0 / (1.0 + exp(-s)));
        if (with_loss) loss -= labels[j] > 0.5f ? log_sigmoid(s) : log_sigmoid(-s);
    }
    return loss;
}

double sgns_forward(const float *in_row, const float *const *outs, const float *labels, size_t n_targets, size_t d,
                    float *probs) {
    return forward(in_row, outs, labels, n_targets, d, probs, true);
}

WORKBOOK_HOT_LOOP
void sgns_backward(const float *in_row, const float *const *outs, const float *labels, const float *probs,
                   size_t n_targets, size_t d, float *restrict d_in, float *restrict d_outs) {
    for (size_t i = 0; i < d; i++) d_in[i] = 0.0f;
    for (size_t j = 0; j < n_targets; j++) {
        float g = probs[j] - labels[j];   // dloss/ds_j
        const float *restrict o = outs[j];
        float *restrict dout = d_outs + j * d;
        for (size_t i = 0; i < d; i++) {
            d_in[i] += g * o[i];
            dout[i] = g * in_row[i];
        }
    }
}

// The scratch one pair needs: targets, labels, probabilities, gradients.
typedef struct {
    const float *outs[W2V_MAX_NEGATIVE + 1];
    uint32_t ids[W2V_MAX_NEGATIVE + 1];
    float labels[W2V_MAX_NEGATIVE + 1];
    float probs[W2V_MAX_NEGATIVE + 1];
    float *d_in;     // d
    float *d_outs;   // (k+1) x d
} Scratch;

WORKBOOK_HOT_LOOP
static double pair_step(float *in, float *out, size_t d, uint32_t centre, const uint32_t *ids, size_t n_targets,
                        float lr, Scratch *s, unsigned char *touched_in, unsigned char *touched_out, bool with_loss) {
    float *e = in + (size_t)centre * d;
    for (size_t j = 0; j < n_targets; j++) {
        s->outs[j] = out + (size_t)ids[j] * d;
        s->labels[j] = j == 0 ? 1.0f : 0.0f;
    }
    double loss = forward(e, s->outs, s->labels, n_targets, d, s->probs, with_loss);
    bool repeated = false;   // a row drawn twice: its second gradient must see the row before the first update
    for (size_t j = 1; j < n_targets && !repeated; j++)
        for (size_t l = 0; l < j; l++) repeated |= ids[l] == ids[j];
    if (!repeated) {
        // sgns_backward and the update in one pass over each row: every row
        // is read before it is changed, so the numbers are the same as below
        for (size_t i = 0; i < d; i++) s->d_in[i] = 0.0f;
        for (size_t j = 0; j < n_targets; j++) {
            float g = s->probs[j] - s->labels[j];
            float *restrict c = out + (size_t)ids[j] * d;
            for (size_t i = 0; i < d; i++) {
                float old = c[i];
                s->d_in[i] += g * old;
                c[i] = old - lr * (g * e[i]);
            }
        }
    } else {
        sgns_backward(e, s->outs, s->labels, s->probs, n_targets, d, s->d_in, s->d_outs);
        for (size_t j = 0; j < n_targets; j++) {
            float *restrict c = out + (size_t)ids[j] * d;
            const float *restrict g = s->d_outs + j * d;
            for (size_t i = 0; i < d; i++) c[i] -= lr * g[i];
        }
    }
    if (touched_out)
        for (size_t j = 0; j < n_targets; j++) touched_out[ids[j]] = 1;
    for (size_t i = 0; i < d; i++) e[i] -= lr * s->d_in[i];
    if (touched_in) touched_in[centre] = 1;
    return loss;
}

double w2v_step(float *in, float *out, size_t d, uint32_t centre, uint32_t context, const uint32_t *negatives,
                size_t k, float lr) {
    if (k > W2V_MAX_NEGATIVE) k = W2V_MAX_NEGATIVE;
    Scratch s;
    s.d_in = malloc(d * sizeof(float));
    s.d_outs = malloc((k + 1) * d * sizeof(float));
    if (s.d_in == NULL || s.d_outs == NULL) {
        free(s.d_in);
        free(s.d_outs);
        return NAN;
    }
    uint32_t ids[W2V_MAX_NEGATIVE + 1];
    ids[0] = context;
    for (size_t j = 0; j < k; j++) ids[j + 1] = negatives[j];
    double loss = pair_step(in, out, d, centre, ids, k + 1, lr, &s, NULL, NULL, true);
    free(s.d_in);
    free(s.d_outs);
    return loss;
}

// ---- training: shards, rounds, merges -------------------------------------------

// A table of n floats (zeroed when asked), on a 2 MiB boundary and, on
// Linux, in huge pages (madvise; the kernel's default for transparent huge
// pages is "madvise"): each pair reads and writes about six rows at random
// in tables far larger than the caches, and with 4 KiB pages nearly every
// row also missed the TLB (the processor's cache of page addresses), so
// the prefetches of the next pair's rows waited on page walks. Memory from
// posix_memalign is freed with free. NULL: no memory.
static float *table_alloc(size_t n, bool zero) {
    size_t align = (size_t)2 << 20, bytes = (n * sizeof(float) + align - 1) / align * align;
    void *p = NULL;
    if (posix_memalign(&p, align, bytes) != 0) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    (void)madvise(p, bytes, MADV_HUGEPAGE);   // advice only: without it the pages are small
#endif
    if (zero) memset(p, 0, n * sizeof(float));
    return p;
}

// The negative words: the alias table (Walker's method) that GSL's
// gsl_ran_discrete_preproc builds, drawn from here instead of by
// gsl_ran_discrete, with the same result for the same random number.
// gsl_ran_discrete turns one 32-bit output x of mt19937 into u = x / 2^32,
// takes the bucket c = floor(u K) and returns c when u < F[c], else A[c].
// Both steps are exact in integers: c = (x K) >> 32 while x K < 2^53 (then
// u K is exact in a double: K < 2^21, far above GCIDE's 44048 words; a
// larger vocabulary takes GSL's double arithmetic), and u < F[c] exactly
// when x < ceil(F[c] 2^32) (a power-of-two scaling is exact). Here each bucket's bound and alias share
// 8 bytes (352 KB for GCIDE's 44048 words: within a core's L2 cache, where
// GSL's two arrays take 704 KB), and the choice is a conditional move
// rather than a branch the processor guesses wrong about every other draw:
// gsl_ran_discrete was 14% of a profile of training; this draw is about 5%,
// most of it the bucket's load.
typedef struct {
    uint32_t below, alias;   // the bucket's word when x < below, else alias
} NoiseBucket;

enum { EXACT_K = 1 << 21 };

struct W2VNoise {
    uint64_t K;
    NoiseBucket bucket[];
};

W2VNoise *w2v_noise_new(size_t V, const double *weights) {
    gsl_ran_discrete_t *g = V > 0 && V <= UINT32_MAX ? gsl_ran_discrete_preproc(V, weights) : NULL;
    W2VNoise *noise = g ? malloc(sizeof *noise + V * sizeof(NoiseBucket)) : NULL;
    for (size_t c = 0; noise && c < V; c++) {
        double bound = ceil(g->F[c] * 4294967296.0);
        if (g->F[c] == 1.0 || bound >= 4294967296.0)   // every x: c (x = 2^32 - 1 takes the alias, c itself)
            noise->bucket[c] = (NoiseBucket){.below = UINT32_MAX, .alias = (uint32_t)c};
        else
            noise->bucket[c] = (NoiseBucket){.below = bound > 0.0 ? (uint32_t)bound : 0u, .alias = (uint32_t)g->A[c]};
    }
    if (noise) noise->K = V;
    if (g) gsl_ran_discrete_free(g);
    return noise;
}

void w2v_noise_free(W2VNoise *noise) { free(noise); }

static inline uint32_t draw_noise(const W2VNoise *noise, const gsl_rng *rng) {
    uint64_t x = gsl_rng_get(rng);   // mt19937: 32 bits, as gsl_rng_uniform's u = x / 2^32
    uint64_t c = noise->K < EXACT_K ? (x * noise->K) >> 32 : (uint64_t)((double)x / 4294967296.0 * (double)noise->K);
    NoiseBucket b = noise->bucket[c];
    return x < b.below ? (uint32_t)c : b.alias;
}

size_t w2v_noise_draw(const W2VNoise *noise, const gsl_rng *rng) { return draw_noise(noise, rng); }

// Each shard starts on its own cache line (and so ends before the next
// one's): a shard's counters change every pair, and sharing a line with the
// other shard's pointers made the two threads stall each other.
typedef struct {
    _Alignas(64) float *in, *out;       // this shard's copies
    unsigned char *touched_in, *touched_out;
    gsl_rng *rng;
    uint32_t *kept;                     // this epoch's words after subsampling
    uint32_t *pair_ids;                 // (2 window, k + 1): one centre word's pairs
    size_t n_kept, next;                // position in kept
    size_t begin, end;                  // the shard's range of the corpus
    Scratch scratch;
    double loss_sum;
    size_t loss_n, n_pairs;
} Shard;

typedef struct {
    const uint32_t *tokens;
    const W2VConfig *cfg;
    size_t V, d;
    const double *keep_prob;            // [V] subsampling
    W2VNoise *noise;                    // unigram^noise_power
    Shard shards[W2V_SHARDS];
    float *master_in, *master_out;      // the model's E and C, merged into after each round
    size_t epoch;
} Trainer;

static void subsample(Trainer *t, Shard *s) {
    s->n_kept = 0;
    s->next = 0;
    for (size_t i = s->begin; i < s->end; i++) {
        uint32_t w = t->tokens[i];
        if (t->keep_prob[w] >= 1.0 || gsl_rng_uniform(s->rng) < t->keep_prob[w]) s->kept[s->n_kept++] = w;
    }
}

// Ask for the rows ids[0..n) of table (d floats each) ahead of their use.
static void prefetch_rows(const float *table, size_t d, const uint32_t *ids, size_t n) {
    for (size_t j = 0; j < n; j++) {
        const char *row = (const char *)(table + (size_t)ids[j] * d);
        for (size_t byte = 0; byte < d * sizeof(float); byte += 64) __builtin_prefetch(row + byte);
    }
}

// One round of one shard: its next sync_words kept words.
static void shard_round(size_t job, void *context) {
    Trainer *t = context;
    Shard *s = &t->shards[job];
    const W2VConfig *cfg = t->cfg;
    size_t d = t->d, k = cfg->negative;
    size_t stop = s->next + cfg->sync_words < s->n_kept ? s->next + cfg->sync_words : s->n_kept;
    s->loss_sum = 0.0;
    s->loss_n = 0;
    uint32_t *ids = s->pair_ids;   // (pairs of this centre word, k + 1): context, then negatives
    for (size_t i = s->next; i < stop; i++) {
        // the learning rate falls linearly with this shard's progress over all epochs
        double progress = ((double)t->epoch + (double)i / (double)s->n_kept) / (double)cfg->epochs;
        float lr = (float)(cfg->lr * fmax(1e-4, 1.0 - progress));
        size_t b = 1 + gsl_rng_uniform_int(s->rng, (unsigned long)cfg->window);
        size_t lo = i >= b ? i - b : 0, hi = i + b < s->n_kept - 1 ? i + b : s->n_kept - 1;
        // Draw every pair's targets first (the same random numbers in the same
        // order as drawing them pair by pair), so the rows of the next pair can
        // be fetched from memory while this pair computes: the tables are
        // larger than the cache, and waiting for rows was half the time.
        size_t pairs = 0;
        for (size_t c = lo; c <= hi; c++) {
            if (c == i) continue;
            uint32_t *row = ids + pairs++ * (k + 1);
            row[0] = s->kept[c];
            for (size_t j = 1; j <= k; j++) {
                uint32_t n = draw_noise(t->noise, s->rng);
                for (int retry = 0; n == row[0] && retry < 8; retry++)   // a negative should not be the context
                    n = draw_noise(t->noise, s->rng);
                row[j] = n;
            }
        }
        prefetch_rows(s->out, d, ids, k + 1);
        for (size_t p = 0; p < pairs; p++) {
            if (p + 1 < pairs) prefetch_rows(s->out, d, ids + (p + 1) * (k + 1), k + 1);
            bool sampled = (s->n_pairs++ & 63) == 0;
            double loss = pair_step(s->in, s->out, d, s->kept[i], ids + p * (k + 1), k + 1, lr, &s->scratch,
                                    s->touched_in, s->touched_out, sampled);
            if (sampled) {
                s->loss_sum += loss;
                s->loss_n++;
            }
        }
    }
    s->next = stop;
}

// master += sum over shards of (copy - master), for touched rows; then every copy = master.
// (Written for W2V_SHARDS = 2: one pass per row reads the three rows and writes them.)
_Static_assert(W2V_SHARDS == 2, "merge_row adds exactly two shards' changes");
WORKBOOK_HOT_LOOP
static void merge_row(float *restrict m, float *restrict a, float *restrict b, size_t d) {
    for (size_t i = 0; i < d; i++) {
        float old = m[i];
        float sum = (old + (a[i] - old)) + (b[i] - old);
        m[i] = a[i] = b[i] = sum;
    }
}

// Rows [begin, end) of one table: each row's sum is the same whichever
// thread merges it, so the table can be cut into parts.
static void merge(Trainer *t, float *master, bool input, size_t begin, size_t end) {
    size_t d = t->d;
    Shard *s0 = &t->shards[0], *s1 = &t->shards[1];
    unsigned char *touched0 = input ? s0->touched_in : s0->touched_out;
    unsigned char *touched1 = input ? s1->touched_in : s1->touched_out;
    float *copy0 = input ? s0->in : s0->out, *copy1 = input ? s1->in : s1->out;
    for (size_t r = begin; r < end; r++) {
        if (!(touched0[r] | touched1[r])) continue;
        merge_row(master + r * d, copy0 + r * d, copy1 + r * d, d);
        touched0[r] = touched1[r] = 0;
    }
}

// Job j merges part j % MERGE_PARTS of table j / MERGE_PARTS (0: E, 1: C).
// The context table C has far more touched rows a round than E (every
// negative), so it is cut into parts that the threads share; merged whole,
// it kept one thread busy while the other waited (a seventh of the time).
enum { MERGE_PARTS = 8 };
static void merge_table(size_t job, void *context) {
    Trainer *t = context;
    size_t table = job / MERGE_PARTS, part = job % MERGE_PARTS;
    size_t begin = t->V * part / MERGE_PARTS, end = t->V * (part + 1) / MERGE_PARTS;
    merge(t, table == 0 ? t->master_in : t->master_out, table == 0, begin, end);
}

// The terminal's progress line (common/base/progress.h), in corpus words (n an
// epoch): after a round, the epochs before this one and each shard's words in
// the share of its kept words it went through. *reported: the words counted
// so far. It only counts: nothing of the training depends on it.
static void report_progress(const Trainer *t, size_t n, uint64_t *reported) {
    double words = (double)t->epoch * (double)n;
    for (size_t s = 0; s < W2V_SHARDS; s++) {
        const Shard *sh = &t->shards[s];
        double size = (double)(sh->end - sh->begin);
        words += sh->n_kept ? size * (double)sh->next / (double)sh->n_kept : size;
    }
    uint64_t now = (uint64_t)words;
    if (now > *reported) {
        progress_advance(now - *reported);
        *reported = now;
    }
}

W2VModel *w2v_wrap(size_t V, size_t d, float *in, float *out) {
    W2VModel *m = calloc(1, sizeof *m);
    if (m == NULL) return NULL;
    m->V = V;
    m->d = d;
    m->in = in;
    m->out = out;
    return m;
}

void w2v_free(W2VModel *m) {
    if (m == NULL) return;
    free(m->in);
    free(m->out);
    free(m);
}

W2VModel *w2v_train(const uint32_t *tokens, size_t n, const long *counts, size_t V, const W2VConfig *cfg) {
    size_t d = cfg->dim, k = cfg->negative < W2V_MAX_NEGATIVE ? cfg->negative : W2V_MAX_NEGATIVE;
    W2VConfig c = *cfg;
    c.negative = k;
    if (c.sync_words == 0) c.sync_words = 1;
    Trainer t = {.tokens = tokens, .cfg = &c, .V = V, .d = d};
    double *keep = malloc(V * sizeof *keep), *noise_p = malloc(V * sizeof *noise_p);
    W2VModel *m = w2v_wrap(V, d, table_alloc(V * d, false), table_alloc(V * d, true));
    bool ok = keep && noise_p && m && m->in && m->out;
    double total = 0.0;
    for (size_t w = 0; ok && w < V; w++) total += (double)counts[w];
    for (size_t w = 0; ok && w < V; w++) {
        double f = (double)counts[w] / total;
        keep[w] = c.sample > 0 ? (sqrt(f / c.sample) + 1.0) * c.sample / f : 1.0;
        noise_p[w] = pow((double)counts[w], c.noise_power);
    }
    if (ok) t.noise = w2v_noise_new(V, noise_p);
    ok = ok && t.noise;
    t.keep_prob = keep;
    if (ok) {
        gsl_rng *init = random_new(c.seed);
        for (size_t i = 0; i < V * d; i++) m->in[i] = (float)((gsl_rng_uniform(init) - 0.5) / (double)d);
        random_free(init);
    }
    for (size_t s = 0; ok && s < W2V_SHARDS; s++) {
        Shard *sh = &t.shards[s];
        sh->begin = n * s / W2V_SHARDS;
        sh->end = n * (s + 1) / W2V_SHARDS;
        sh->in = table_alloc(V * d, false);
        sh->out = table_alloc(V * d, false);
        sh->touched_in = calloc(V, 1);
        sh->touched_out = calloc(V, 1);
        sh->kept = malloc((sh->end - sh->begin + 1) * sizeof *sh->kept);
        sh->pair_ids = malloc(2 * (c.window ? c.window : 1) * (k + 1) * sizeof *sh->pair_ids);
        sh->scratch.d_in = malloc(d * sizeof(float));
        sh->scratch.d_outs = malloc((k + 1) * d * sizeof(float));
        sh->rng = gsl_rng_alloc(gsl_rng_mt19937);
        ok = sh->in && sh->out && sh->touched_in && sh->touched_out && sh->kept && sh->pair_ids && sh->scratch.d_in &&
             sh->scratch.d_outs && sh->rng;
        if (!ok) break;
        gsl_rng_set(sh->rng, c.seed * 7919ul + 104729ul * (s + 1));
        memcpy(sh->in, m->in, V * d * sizeof(float));
        memcpy(sh->out, m->out, V * d * sizeof(float));
    }
    double start = wallclock_seconds();
    size_t trained = 0;   // centre words trained so far, over all epochs
    uint64_t reported = 0;   // corpus words counted in the progress line
    for (size_t e = 0; ok && e < c.epochs && !m->diverged; e++) {
        t.epoch = e;
        for (size_t s = 0; s < W2V_SHARDS; s++) subsample(&t, &t.shards[s]);
        for (;;) {
            bool left = false;
            for (size_t s = 0; s < W2V_SHARDS; s++) left |= t.shards[s].next < t.shards[s].n_kept;
            if (!left) break;
            for (size_t s = 0; s < W2V_SHARDS; s++) trained -= t.shards[s].next;
            parallel_for(W2V_SHARDS, c.threads, shard_round, &t);
            for (size_t s = 0; s < W2V_SHARDS; s++) trained += t.shards[s].next;
            report_progress(&t, n, &reported);
            t.master_in = m->in;
            t.master_out = m->out;
            parallel_for(2 * MERGE_PARTS, c.threads, merge_table, &t);   // E and C, in parts, side by side
            double sum = 0.0;
            size_t cnt = 0;
            for (size_t s = 0; s < W2V_SHARDS; s++) {
                sum += t.shards[s].loss_sum;
                cnt += t.shards[s].loss_n;
            }
            if (cnt) m->final_loss = sum / (double)cnt;
            // The periodic divergence check costs nothing: the round's sampled
            // loss is summed anyway, and a NaN or infinite row reaches it soon.
            if (!isfinite(sum)) {
                m->diverged = true;
                snprintf(m->diverged_what, sizeof m->diverged_what, "the loss became %s after %zu words",
                         isnan(sum) ? "NaN" : "inf", trained);
                break;
            }
        }
    }
    // The final check: every number of both tables (one pass, milliseconds).
    for (size_t i = 0; ok && !m->diverged && i < 2 * V * d; i++) {
        float x = i < V * d ? m->in[i] : m->out[i - V * d];
        if (!isfinite(x)) {
            m->diverged = true;
            snprintf(m->diverged_what, sizeof m->diverged_what, "the %s vectors became %s by the end of training",
                     i < V * d ? "input" : "context", isnan(x) ? "NaN" : "infinite");
        }
    }
    if (ok) {
        m->seconds = wallclock_seconds() - start;
        m->words_per_second = m->seconds > 0 ? (double)n * (double)c.epochs / m->seconds : 0.0;
    }
    for (size_t s = 0; s < W2V_SHARDS; s++) {
        Shard *sh = &t.shards[s];
        free(sh->in);
        free(sh->out);
        free(sh->touched_in);
        free(sh->touched_out);
        free(sh->kept);
        free(sh->pair_ids);
        free(sh->scratch.d_in);
        free(sh->scratch.d_outs);
        if (sh->rng) gsl_rng_free(sh->rng);
    }
    w2v_noise_free(t.noise);
    free(keep);
    free(noise_p);
    if (!ok) {
        w2v_free(m);
        return NULL;
    }
    return m;
}
