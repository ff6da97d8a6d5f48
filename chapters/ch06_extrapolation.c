// ch06_extrapolation.c: Chapter 6, length generalisation: six position
// encodings trained at one length and tested at four times that length.
//
// The question: the course says a learned position table stops at the
// training length while the sinusoidal encoding "can extrapolate", and names
// RoPE and ALiBi as the relative alternatives. All easy to say. We train the
// same tiny attention model in C, once per encoding and seed, on sequences of
// length L_train and test it on sequences four times longer: one run, one
// comparison table (printed, and comparison.dat), one accuracy-by-position
// figure, the way papers report length generalisation.
//
// Claims (docs/CLAIMS.md, chapter 6), in the order the lesson teaches them (lessons/en/ch06.md):
//   6.1  Doc C §四; chapter 1               without positions a bidirectional model cannot solve an order task
//   6.2  Doc C §一; §七                      a lookup is one-hot x matrix: differentiable, only used rows change
//   6.3  Doc D table                         sinusoidal adds no parameters; learned adds one vector per position
//   6.4  Doc C §七 vs §五.2                  "both embedding matrices are trainable" vs "sinusoidal has no parameters"
//   6.5  Doc D §3                            in range, the two perform about the same
//   6.6  Doc B §5-2; Doc C §五.1; Doc D      a learned table cannot handle positions beyond L_train
//   6.7  Doc B §5-2; Doc C §五.2; Doc D      sinusoidal positions extrapolate beyond L_train
//   6.8  RoPE: Doc C §六 (beyond)            RoPE carries a trained model beyond L_train (partly); Doc C §六 names
//                                            RoPE but says nothing about length (was 7.7)
//   6.9  ALiBi: Doc C §六 (beyond)           ALiBi with one symmetric slope -m|t-s| cannot tell the token before
//                                            from the token after: at most (1+1/V)/2 right at a position with both
//                                            neighbours, 100% at the last position (was 7.8)
//   6.10 Beyond the documents                ALiBi with separate learned slopes left and right of the query solves
//                                            the task in range and beyond, up to 4 L_train = 128 (was 7.9)
//
// The experiment (every number is an option; the defaults are common/run/copy_experiment.h's):
//   task     copy the previous token: tokens uniform in [0,V), target at t >= 1 is token t-1
//   model    one layer, one head, no mask, no layer norm, no MLP (common/model/tiny_model.h):
//            x_t = E[token_t] + p_t; q,k,v = W x + b; softmax(q.k/sqrt(d)); h = x + W_O a + b_O;
//            logits = W_U h + b_U; cross-entropy over the positions with a target
//   encoding plug-ins of common/model/posenc.h. Added to the input as p_t: none (NoPE),
//            learned (a trainable row per position, rows 0..4L-1, N(0,1)), sinusoidal (the
//            fixed table of chapter 3). In the scores, p_t = 0: rope (q_t, k_t rotated by t),
//            alibi (S[t,s] -= m|t-s|, m learned), alibi-lr (S[t,s] -= m_left (t-s) before,
//            m_right (s-t) after the query, both learned)
//   training Adam (lr 3e-3, betas 0.9/0.999, eps 1e-8), batches of 64 fresh sequences of length L_train
//   test     1000 fresh sequences of length 4 L_train: accuracy at every position; also 1000 of length L_train
//
// Symbols: V vocabulary (16), d model width (32), L = L_train (32), T a sequence length,
// t a position, chance = 1/V.
//
// Run:  ch06 [--steps 2000] [--seeds 5] [--threads 2] [--train-len 32] [--eval-factor 4]
//            [--eval-seqs 1000] [--batch 64] [--vocab 16] [--d 32] [--lr 0.003]
//            [--cache DIR] [--retrain] [--seed N] [--out DIR] [--claim 6.7] [--quiet]
// Cache: every finished run is kept in --cache DIR (default: the folder 'cache' beside
//       --out) and read back by a later run with the same settings and the same program
//       (common/run/copy_experiment.h, "The run cache"); --retrain trains anyway.
// Data: experiment.dat (L_train, test length, V, chance, steps, seeds, d, the mirror bound
//       of 6.9 inside a sequence, RoPE's alias zones of 6.8: one line);
//       comparison.dat (per encoding: accuracy in range and beyond, mean and sd over seeds);
//       accuracy.dat (accuracy by position, per encoding: mean, min, max over seeds) feeds
//       plots/ch06_accuracy.gp (all six) and plots/ch06_relative_accuracy.gp (RoPE and
//       ALiBi, with mirror_bound.dat: 6.9's bound at every test position, and
//       alibi_slopes.dat: the learned slopes per seed); loss.dat (training loss by step)
//       feeds plots/ch06_loss.gp; learned_table.dat and sinusoidal_table.dat (position,
//       dimension, value) feed plots/ch06_tables.gp.
// The seeds train in parallel on --threads threads; every run has its own random streams,
// so the numbers do not depend on the number of threads. Run k of every encoding uses
// seed --seed + k, so the encodings of one seed see the same batches, initial weights
// and test sequences.
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/heap.h"
#include "base/i18n.h"
#include "base/parallel.h"
#include "base/random.h"
#include "position/pe_table.h"
#include "position/rope.h"
#include "model/adam.h"
#include "model/copy_task.h"
#include "model/layers.h"
#include "model/posenc.h"
#include "model/tiny_model.h"
#include "run/build_info.h"
#include "run/cache_files.h"
#include "run/chapter.h"
#include "run/compare.h"
#include "run/copy_experiment.h"
#include "code_key.h"   // WORKBOOK_CODE_KEY, generated by CMake (workbook_source_key): the run cache's key

// ---- settings ----------------------------------------------------------------

// The defaults are the experiment's, defined once in common/run/copy_experiment.h.
static long vocab = COPY_DEFAULT_VOCAB;              // V: chance is 1/16 = 6.25%
static long d = COPY_DEFAULT_D;                      // model width
static long train_len = COPY_DEFAULT_TRAIN_LEN;      // L_train
static long batch = COPY_DEFAULT_BATCH;              // sequences per Adam step
static long steps = COPY_DEFAULT_STEPS;              // Adam steps per run
static long seeds = COPY_DEFAULT_SEEDS;              // runs per encoding: mean and spread
static long eval_factor = COPY_DEFAULT_EVAL_FACTOR;  // test length = eval_factor * L_train
static long eval_seqs = COPY_DEFAULT_EVAL_SEQS;      // test sequences per run (and per length)
static long threads = COPY_DEFAULT_THREADS;          // runs trained at once
static double lr = COPY_DEFAULT_LR;                  // Adam learning rate
// --lr's upper bound. At the other defaults, tried: 0.03 trains (every verdict
// as at 0.003), 0.04 diverges (the learned model's loss inf at step 397), 0.05
// (RoPE, step 128), 0.1 (NoPE, step 959), 0.3 and 1 within 5 steps. Other settings
// diverge below it (--batch 1 --d 256 at 0.02): training checks (copy_task.h).
#define MAX_LR 0.02
static const char *cache_dir = NULL;                 // --cache DIR (default: 'cache' beside --out)
static bool retrain = false;                         // --retrain: train runs the cache has

enum { MAX_EVAL_LEN = 1024 };

// Verdict thresholds, in accuracy (fraction correct). COPY_SOLVED (95%),
// COPY_SAME_BAND (2 points) and COPY_FAR_ABOVE_CHANCE (10 points) are the
// experiment's (common/run/copy_experiment.h); these are this chapter's own.
#define BLIND_MARGIN 0.01        // sampling slack on the position-blind bound (10 sd)
#define ABOVE_CHANCE_SE 3.0      // "measurably above chance": more than 3 standard errors above 1/V
#define CEILING_MARGIN 0.02      // sampling slack on the mirror bound of 6.9 averaged over positions
                                 // (100 sequences x 31 positions: sd ~0.009 for one seed; 2 points is > 2 sd)
#define BOUND_SIGMAS 4.0         // per-position slack on that bound: 4 sampling sd of the accuracy at one
                                 // position (seeds x eval-seqs predictions), so that 158 positions all stay
                                 // under it by chance with probability > 99% if the bound holds

// ---- the experiment: every encoding x every seed, trained once, shared by the claims ----
// (common/run/copy_experiment.h: the six encodings; trains in parallel, summarises per
// encoding over seeds)

enum {
    ENC_NONE = COPY_ENC_NONE, ENC_LEARNED = COPY_ENC_LEARNED, ENC_SINUSOIDAL = COPY_ENC_SINUSOIDAL,
    ENC_ROPE = COPY_ENC_ROPE, ENC_ALIBI = COPY_ENC_ALIBI, ENC_ALIBI_LR = COPY_ENC_ALIBI_LR,
    N_ENCODINGS = COPY_N_ENCODINGS
};
#define ENCODING_MAKERS COPY_ENCODING_MAKERS

static CopyExperiment experiment = {.n_encodings = N_ENCODINGS, .labels = COPY_ENCODING_LABELS,
                                    .columns = COPY_ENCODING_COLUMNS, .makers = COPY_ENCODING_MAKERS,
                                    .lr_option = "--lr",
                                    .code_key = WORKBOOK_CODE_KEY};

static size_t eval_len(void) { return (size_t)(eval_factor * train_len); }

static void mirror_probe(const TinyModel *m, const CopyConfig *cfg, double *values);   // claim 6.9

// Run k of every encoding uses seed --seed + k; every trained model also
// gets claim 6.9's mirror test (mirror_probe).
static CopyConfig run_config(const Chapter *ch) {
    CopyConfig c = copy_config_default((unsigned long)ch->seed);
    c.vocab = (size_t)vocab, c.d = (size_t)d, c.train_len = (size_t)train_len, c.batch = (size_t)batch;
    c.steps = steps, c.lr = lr, c.eval_len = eval_len(), c.eval_seqs = (size_t)eval_seqs;
    c.probe = mirror_probe;
    return c;
}

// Which encodings the claims of this run need (--claim 6.7 trains only sinusoidal).
static bool needs(const Chapter *ch, size_t enc) {
    switch (enc) {
    case ENC_NONE: return chapter_wants(ch, "6.1") || chapter_wants(ch, "6.6");   // 6.2 names NoPE beside its bound
    case ENC_LEARNED: return chapter_wants(ch, "6.6") || chapter_wants(ch, "6.5");
    case ENC_SINUSOIDAL: return chapter_wants(ch, "6.7") || chapter_wants(ch, "6.5");
    case ENC_ROPE: return chapter_wants(ch, "6.8");
    case ENC_ALIBI: return chapter_wants(ch, "6.9");
    default: return chapter_wants(ch, "6.10");
    }
}

// Claims 6.8-6.10's helpers, used by the data files (below, with their claims).
static double mirror_bound_interior(void);
static double mirror_bound(size_t t, size_t T);
static double slope_of(size_t enc, long k, size_t which);

static void write_experiment_data(Chapter *ch) {
    DataFile f;
    // The RoPE alias zones of claim 6.8: queries at t <= alias_low or t >= alias_high meet an alias key.
    long alias_low, alias_high;
    RopeAliases aliases = rope_aliases((size_t)d, train_len, (long)eval_len());
    rope_alias_zones(&aliases, &alias_low, &alias_high);
    chapter_data_open(ch, &f, "experiment.dat",
                      "train_len eval_len vocab chance steps seeds d mirror_bound_interior rope_alias_low rope_alias_high");
    datafile_printf(&f, "%ld %zu %ld %.6g %ld %ld %ld %.6g %ld %ld\n", train_len, eval_len(), vocab, 1.0 / (double)vocab,
                    steps, seeds, d, mirror_bound_interior(), alias_low, alias_high);
    chapter_data_close(ch, &f);
    copy_experiment_write_accuracy(ch, &experiment, "accuracy.dat");
    copy_experiment_write_summary(ch, &experiment, "comparison.dat");
    // Claim 6.9's bound at every position of the test length, with the slack the check allows.
    chapter_data_open(ch, &f, "mirror_bound.dat", "position bound bound_plus_slack");
    for (size_t t = 1; t < eval_len(); t++) {
        double b = mirror_bound(t, eval_len());
        datafile_printf(&f, "%zu %.6g %.6g\n", t, b,
                        b + BOUND_SIGMAS * sqrt(b * (1.0 - b) / ((double)seeds * (double)eval_seqs)));
    }
    chapter_data_close(ch, &f);
    // The learned slopes, per seed (NaN where an encoding was not trained in this run).
    chapter_data_open(ch, &f, "alibi_slopes.dat", "seed alibi_m alibi_lr_m_left alibi_lr_m_right initial");
    for (long k = 0; k < seeds; k++) {
        double m = experiment.trained[ENC_ALIBI] ? slope_of(ENC_ALIBI, k, 0) : NAN;
        double left = experiment.trained[ENC_ALIBI_LR] ? slope_of(ENC_ALIBI_LR, k, 0) : NAN;
        double right = experiment.trained[ENC_ALIBI_LR] ? slope_of(ENC_ALIBI_LR, k, 1) : NAN;
        datafile_printf(&f, "%ld %.6g %.6g %.6g %.6g\n", (long)ch->seed + k, m, left, right, ALIBI_INITIAL_SLOPE);
    }
    chapter_data_close(ch, &f);

    chapter_data_open(ch, &f, "loss.dat", "step none_mean learned_mean sinusoidal_mean rope_mean alibi_mean alibi_lr_mean");
    for (long step = 0; step < steps; step++) {
        datafile_printf(&f, "%ld", step + 1);
        for (size_t enc = 0; enc < N_ENCODINGS; enc++) {
            if (!experiment.trained[enc]) {
                datafile_printf(&f, " NaN");
                continue;
            }
            double sum = 0.0;
            for (long k = 0; k < seeds; k++) sum += experiment.runs[enc][k].loss[step];
            datafile_printf(&f, " %.6g", sum / (double)seeds);
        }
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
}

// Train every needed encoding x seed once (in parallel), then summarise and
// write the data files. Later calls return at once. (What was trained, and how
// fast, are --verbose details; claim 6.1's evidence compares every encoding
// trained, and each claim's evidence shows its own.)
static void experiment_ensure(Chapter *ch) {
    bool wanted[N_ENCODINGS];
    for (size_t enc = 0; enc < N_ENCODINGS; enc++) wanted[enc] = needs(ch, enc);
    experiment.config = run_config(ch);
    experiment.cache_dir = cache_dir;
    experiment.retrain = retrain;
    experiment.seeds = seeds;
    if (!copy_experiment_ensure(ch, &experiment, wanted, (size_t)threads)) return;
    write_experiment_data(ch);
}

// ---- what the evidence names (lessons/LANG/ch06.md, each claim's "### evidence") --------

// A fraction recorded in percent, the way the evidence prints it ({name:.1f}%).
static void claim_percent(ClaimResult *r, const char *name, double fraction) { claim_value(r, name, 100 * fraction); }

// A 0/1 the evidence's words follow ({name?these|those}, {?name} paragraphs).
static void claim_flag(ClaimResult *r, const char *name, bool on) { claim_value(r, name, on ? 1.0 : 0.0); }

// One encoding's row of the accuracy tables, named by its data-file column C
// (none, learned, sinusoidal, rope, alibi, alibi_lr), in percent: C_L at the
// training length, C_in at t < L_train and C_beyond at t >= L_train in the long
// test sequences, each with C_..._sd over seeds; C_min and C_max, the seeds'
// extremes beyond L_train, and C_seeds, each seed's accuracy there (a text);
// C_stretch, beyond L_train by stretch [kL,(k+1)L) (a text); C_trained, 1. Also
// the table's shape: factor (test length / L_train) and stretches, the names of
// the stretches.
static void record_accuracy(ClaimResult *r, size_t enc) {
    const CopySummary *s = &experiment.summary[enc];
    const char *c = experiment.columns[enc];
    char name[64], text[64 * COPY_MAX_SEEDS + 64 * COPY_MAX_EVAL_FACTOR];
    const struct {
        const char *suffix;
        const CopySeedStat *stat;
    } parts[] = {{"L", &s->train_len}, {"in", &s->in_range}, {"beyond", &s->beyond}};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        snprintf(name, sizeof name, "%s_%s", c, parts[i].suffix);
        claim_percent(r, name, parts[i].stat->mean);
        snprintf(name, sizeof name, "%s_%s_sd", c, parts[i].suffix);
        claim_percent(r, name, parts[i].stat->sd);
    }
    snprintf(name, sizeof name, "%s_min", c);
    claim_percent(r, name, s->beyond.min);
    snprintf(name, sizeof name, "%s_max", c);
    claim_percent(r, name, s->beyond.max);
    text[0] = '\0';
    for (long k = 0; k < seeds; k++) {
        size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "%s%.1f%%", k ? " " : "", 100 * s->beyond.seed[k]);
    }
    snprintf(name, sizeof name, "%s_seeds", c);
    claim_text(r, name, "%s", text);
    size_t factor = (size_t)eval_factor;
    text[0] = '\0';
    for (size_t b = 1; b < factor; b++) {
        size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "%s%.1f%%", b > 1 ? "  " : "", 100 * s->bucket[b].mean);
    }
    snprintf(name, sizeof name, "%s_stretch", c);
    claim_text(r, name, "%s", text);
    snprintf(name, sizeof name, "%s_trained", c);
    claim_flag(r, name, true);
    text[0] = '\0';
    for (size_t b = 1; b < factor; b++) {
        size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "%s[%zuL,%zuL)", b > 1 ? " " : "", b, b + 1);
    }
    claim_text(r, "stretches", "%s", text);
    claim_value(r, "factor", (double)eval_factor);
}

// ---- claim 6.3: parameter counts ------------------------------------------------

static void claim_parameter_counts(Chapter *ch, ClaimResult *r) {
    size_t counts[N_ENCODINGS];
    for (size_t enc = 0; enc < N_ENCODINGS; enc++) {
        PosEncoding *pe = ENCODING_MAKERS[enc]((size_t)d, eval_len());
        TinyModel *m = pe ? tiny_model_new((size_t)vocab, pe) : NULL;
        if (m == NULL) chapter_check(ch, GSL_ENOMEM, "building a model");
        counts[enc] = m->n_params;
        tiny_model_free(m);
        posenc_free(pe);
    }
    long extra_learned = (long)counts[ENC_LEARNED] - (long)counts[ENC_NONE];
    long extra_sin = (long)counts[ENC_SINUSOIDAL] - (long)counts[ENC_NONE];
    long expected_learned = (long)eval_len() * d;
    // Each encoding's trainable numbers (C_count) and those it adds to the model without one (C_added).
    for (size_t enc = 0; enc < N_ENCODINGS; enc++) {
        char name[64];
        snprintf(name, sizeof name, "%s_count", experiment.columns[enc]);
        claim_value(r, name, (double)counts[enc]);
        snprintf(name, sizeof name, "%s_added", experiment.columns[enc]);
        claim_value(r, name, (double)((long)counts[enc] - (long)counts[ENC_NONE]));
    }
    r->measured = (double)extra_learned;
    r->document = (double)expected_learned;
    r->tolerance = 0.0;
    bool holds = extra_learned == expected_learned && extra_sin == 0;
    r->verdict = holds ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "learned_params", (double)extra_learned);
    claim_value(r, "expected_params", (double)expected_learned);
    claim_value(r, "sin_params", (double)extra_sin);
    claim_value(r, "rows", (double)eval_len());
    claim_value(r, "d", (double)d);
    claim_value(r, "V", (double)vocab);
    claim_value(r, "factor", (double)eval_factor);
}

// ---- claim 6.6: a learned table stops at the training length ----------------------

static void write_tables(Chapter *ch) {
    const CopyRun *run = &experiment.runs[ENC_LEARNED][0];
    DataFile f;
    chapter_data_open(ch, &f, "learned_table.dat", "position dim trained initial change");
    for (size_t t = 0; t < eval_len(); t++) {
        for (size_t j = 0; j < (size_t)d; j++) {
            double after = run->pe_final[t * (size_t)d + j], before = run->pe_initial[t * (size_t)d + j];
            datafile_printf(&f, "%zu %zu %.6g %.6g %.6g\n", t, j, after, before, after - before);
        }
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
    gsl_matrix *P = gsl_matrix_alloc(eval_len(), (size_t)d);
    chapter_check(ch, pe_table_fill(P, 0.0), "pe_table_fill");
    chapter_data_open(ch, &f, "sinusoidal_table.dat", "position dim value");
    for (size_t t = 0; t < eval_len(); t++) {
        for (size_t j = 0; j < (size_t)d; j++) datafile_printf(&f, "%zu %zu %.6g\n", t, j, gsl_matrix_get(P, t, j));
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
    gsl_matrix_free(P);
}

static double blind_bound(const gsl_rng *rng, size_t T, long n_seqs);   // claim 6.1

static void claim_learned_stops(Chapter *ch, ClaimResult *r) {
    experiment_ensure(ch);
    size_t L = (size_t)train_len, rows = eval_len(), D = (size_t)d;
    long untouched_beyond = 0, changed_in_range = 0;
    for (long k = 0; k < seeds; k++) {
        const CopyRun *run = &experiment.runs[ENC_LEARNED][k];
        for (size_t t = 0; t < rows; t++) {
            bool same = memcmp(run->pe_final + t * D, run->pe_initial + t * D, D * sizeof(double)) == 0;
            if (t >= L && same) untouched_beyond++;
            if (t < L && !same) changed_in_range++;
        }
    }
    long rows_beyond = (long)(rows - L) * seeds;
    const CopySummary *s = &experiment.summary[ENC_LEARNED];
    const CopySeedStat *b = &s->beyond;
    double chance = 1.0 / (double)vocab;
    // What a model without any position reaches at best at the test length
    // (claim 6.1): "cannot handle" means no better than that.
    double bound_long = blind_bound(ch->rng, eval_len(), eval_seqs);
    // Standard error of the mean over seeds; at least the sampling error of
    // the predictions themselves (eval_seqs x (T - L) per seed), so one seed
    // does not claim infinite precision.
    double n_pred = (double)eval_seqs * (double)(rows - L) * (double)seeds;
    double se = fmax(b->sd / sqrt((double)seeds), sqrt(chance * (1.0 - chance) / n_pred));
    double z_chance = (b->mean - chance) / se;
    bool frozen = untouched_beyond == rows_beyond;
    bool below_blind = b->mean < bound_long;
    write_tables(ch);

    r->measured = b->mean;
    r->document = bound_long;
    r->tolerance = NAN;            // a strict comparison with the bound
    r->verdict = frozen && below_blind ? VERDICT_HOLDS : (frozen || below_blind ? VERDICT_PARTLY_HOLDS : VERDICT_DOES_NOT_HOLD);
    // The lesson's words: which half failed when only one holds.
    if (!frozen) claim_case(r, "not_frozen");
    else if (!below_blind) claim_case(r, "above_blind");
    claim_value(r, "frozen", (double)untouched_beyond);
    claim_value(r, "rows_beyond", (double)rows_beyond);
    claim_value(r, "beyond", b->mean);
    claim_value(r, "at_L", s->train_len.mean);
    claim_value(r, "blind", bound_long);
    claim_value(r, "chance", chance);
    claim_value(r, "z_chance", z_chance);
    claim_value(r, "T", (double)eval_len());
    // The evidence: rows compared bit for bit, the accuracy against chance and the bound.
    record_accuracy(r, ENC_LEARNED);
    claim_value(r, "changed", (double)changed_in_range);
    claim_value(r, "rows_in", (double)((long)L * seeds));
    claim_value(r, "L", (double)L);
    claim_value(r, "seeds", (double)seeds);
    claim_value(r, "steps", (double)steps);
    claim_percent(r, "chance_pct", chance);
    claim_percent(r, "blind_pct", bound_long);
    // The bound is the best guess from the bag, not a model: what the model
    // without positions (claim 6.1) measured at t >= L_train, beside it.
    claim_value(r, "nope_beyond", experiment.summary[ENC_NONE].beyond.mean);
    claim_percent(r, "nope_beyond_pct", experiment.summary[ENC_NONE].beyond.mean);
    claim_percent(r, "above_chance", b->mean - chance);   // in points
    claim_value(r, "z_limit", ABOVE_CHANCE_SE);
    // Against chance: more than ABOVE_CHANCE_SE standard errors either side is measurable.
    claim_flag(r, "measurably_above", z_chance > ABOVE_CHANCE_SE);
    claim_flag(r, "measurably_below", z_chance < -ABOVE_CHANCE_SE);
    claim_flag(r, "within_sampling", fabs(z_chance) <= ABOVE_CHANCE_SE);
    claim_flag(r, "below_blind", below_blind);
}

// ---- claim 6.7: sinusoidal beyond the training length ------------------------------

static void claim_sinusoidal_beyond(Chapter *ch, ClaimResult *r) {
    experiment_ensure(ch);
    const CopySummary *s = &experiment.summary[ENC_SINUSOIDAL];
    double chance = 1.0 / (double)vocab, beyond = s->beyond.mean, in_range = s->train_len.mean;
    // The claim needs a model that solved the task in range: then beyond L it
    // holds within COPY_SAME_BAND of that, partly holds at least
    // COPY_FAR_ABOVE_CHANCE above chance, and does not hold below.
    bool solved = in_range >= COPY_SOLVED;
    bool same = beyond >= in_range - COPY_SAME_BAND;
    bool far_above = beyond >= chance + COPY_FAR_ABOVE_CHANCE;
    r->measured = beyond;
    r->document = in_range;
    r->tolerance = COPY_FAR_ABOVE_CHANCE;
    r->verdict = solved && same ? VERDICT_HOLDS : (solved && far_above ? VERDICT_PARTLY_HOLDS : VERDICT_DOES_NOT_HOLD);
    if (!solved) claim_case(r, "unsolved");
    else if (!far_above) claim_case(r, "near_chance");
    claim_value(r, "beyond", beyond);
    claim_value(r, "at_L", in_range);
    claim_value(r, "chance", chance);
    claim_value(r, "solved", COPY_SOLVED);
    claim_value(r, "band_points", 100 * COPY_SAME_BAND);
    claim_value(r, "far_points", 100 * COPY_FAR_ABOVE_CHANCE);
    claim_value(r, "T", (double)eval_len());
    // The evidence: the sinusoidal row, and which of the four readings the numbers give.
    record_accuracy(r, ENC_SINUSOIDAL);
    claim_value(r, "seeds", (double)seeds);
    claim_percent(r, "chance_pct", chance);
    claim_percent(r, "solved_pct", COPY_SOLVED);
    claim_flag(r, "far_above", far_above);
    claim_flag(r, "same", same);
    claim_flag(r, "reads_unsolved", !solved);
    claim_flag(r, "reads_same", solved && same);
    claim_flag(r, "reads_partly", solved && !same && far_above);
    claim_flag(r, "reads_near", solved && !same && !far_above);
}

// ---- claim 6.5: in range, learned and sinusoidal are about the same ---------------------

static void claim_in_range_same(Chapter *ch, ClaimResult *r) {
    experiment_ensure(ch);
    const CopySummary *ls = &experiment.summary[ENC_LEARNED], *ss = &experiment.summary[ENC_SINUSOIDAL];
    double learned = ls->train_len.mean, sinusoidal = ss->train_len.mean;
    // Inside the long sequences: did the extra keys cost either model COPY_SAME_BAND or more?
    double learned_long = ls->in_range.mean, sinusoidal_long = ss->in_range.mean;
    bool lose = learned - learned_long >= COPY_SAME_BAND || sinusoidal - sinusoidal_long >= COPY_SAME_BAND;
    double diff = fabs(learned - sinusoidal);
    bool both_solved = learned >= COPY_SOLVED && sinusoidal >= COPY_SOLVED;
    r->measured = diff;
    r->document = 0.0;
    r->tolerance = COPY_SAME_BAND;
    r->verdict = both_solved && diff <= COPY_SAME_BAND ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    if (!both_solved) claim_case(r, "unsolved");
    else if (diff > COPY_SAME_BAND) claim_case(r, "apart");
    claim_value(r, "learned", learned);
    claim_value(r, "sinusoidal", sinusoidal);
    claim_value(r, "diff_points", 100 * diff);
    claim_value(r, "band_points", 100 * COPY_SAME_BAND);
    claim_value(r, "solved", COPY_SOLVED);
    // The evidence: both rows, and the keys a query meets in the long sequences that training never showed.
    record_accuracy(r, ENC_LEARNED);
    record_accuracy(r, ENC_SINUSOIDAL);
    claim_value(r, "seeds", (double)seeds);
    claim_value(r, "T", (double)eval_len());
    claim_value(r, "new_keys", (double)(eval_len() - (size_t)train_len));
    claim_percent(r, "solved_pct", COPY_SOLVED);
    claim_flag(r, "both_solved", both_solved);
    claim_flag(r, "close_solved", both_solved && diff <= COPY_SAME_BAND);
    claim_flag(r, "apart_solved", both_solved && diff > COPY_SAME_BAND);
    claim_flag(r, "lose", lose);
}

// ---- claim 6.1: without positions the task cannot be solved -----------------------------

// The best any position-blind model can do on average (copy_task.h): its
// prediction at t depends only on token_t and the multiset of the sequence, and
// the previous token is then equally likely to be any of the other T-1 tokens.
static double blind_bound(const gsl_rng *rng, size_t T, long n_seqs) {
    CopyTask previous = {COPY_TASK_PREVIOUS, 1};
    return copy_task_blind_bound(&previous, false, (size_t)vocab, T, rng, n_seqs, NULL);
}

static void claim_nope_blind(Chapter *ch, ClaimResult *r) {
    experiment_ensure(ch);
    const CopySummary *s = &experiment.summary[ENC_NONE];
    double bound_long = blind_bound(ch->rng, eval_len(), eval_seqs);
    double bound_short = blind_bound(ch->rng, (size_t)train_len, eval_seqs);
    double long_acc = fmax(s->in_range.mean, s->beyond.mean), short_acc = s->train_len.mean;
    bool blind = short_acc <= bound_short + BLIND_MARGIN && long_acc <= bound_long + BLIND_MARGIN;
    bool unsolved = short_acc < COPY_SOLVED && long_acc < COPY_SOLVED;
    r->measured = short_acc;
    r->document = bound_short;
    r->tolerance = BLIND_MARGIN;
    r->verdict = blind && unsolved ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    if (!unsolved) claim_case(r, "solved");
    else if (!blind) claim_case(r, "above_bound");
    claim_value(r, "nope_L", short_acc);
    claim_value(r, "nope_T", long_acc);
    claim_value(r, "bound_L", bound_short);
    claim_value(r, "bound_T", bound_long);
    claim_value(r, "margin_points", 100 * BLIND_MARGIN);
    claim_value(r, "chance", 1.0 / (double)vocab);
    claim_value(r, "L", (double)train_len);
    claim_value(r, "T", (double)eval_len());
    // The evidence: the comparison of every encoding trained in this run (the
    // claims after this one take it apart), the models it rests on, and NoPE
    // against the best a position-blind predictor can do.
    long models = 0;
    for (size_t enc = 0; enc < N_ENCODINGS; enc++)
        if (experiment.trained[enc]) record_accuracy(r, enc), models += seeds;
    claim_value(r, "models", (double)models);
    claim_value(r, "seeds", (double)seeds);
    claim_value(r, "steps", (double)steps);
    claim_percent(r, "nope_L_pct", short_acc);
    claim_percent(r, "nope_T_pct", long_acc);
    claim_percent(r, "bound_L_pct", bound_short);
    claim_percent(r, "bound_T_pct", bound_long);
    claim_percent(r, "chance_pct", 1.0 / (double)vocab);
    claim_percent(r, "solved_pct", COPY_SOLVED);
    claim_flag(r, "within", blind);
    claim_flag(r, "unsolved", unsolved);
    claim_flag(r, "statistics_only", blind && unsolved);
}

// ---- claim 6.2: the lookup is a one-hot product; only used rows change -------------------

static void claim_one_hot(Chapter *ch, ClaimResult *r) {
    size_t V = (size_t)vocab, D = (size_t)d, T = (size_t)train_len, B = 4, used = V / 2;
    PosEncoding *pe = posenc_learned(D, T);
    TinyModel *m = tiny_model_new(V, pe);
    TinyActs *a = tiny_acts_new(m, B, T);
    Adam *adam = adam_new(m->n_params, lr, 0.9, 0.999, 1e-8);
    tiny_model_init(m, ch->rng, ch->rng);
    // A batch that uses only the first half of the vocabulary.
    copy_task_batch(a, used, ch->rng);
    gsl_matrix *onehot = gsl_matrix_calloc(a->N, V), *product = gsl_matrix_alloc(a->N, D);
    gsl_matrix *dE_product = gsl_matrix_alloc(V, D), *E_before = gsl_matrix_alloc(V, D);
    for (size_t n = 0; n < a->N; n++) gsl_matrix_set(onehot, n, a->tokens[n], 1.0);
    chapter_check(ch, layer_embedding_forward(a->X, a->tokens, &m->p.E.matrix), "lookup");
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, onehot, &m->p.E.matrix, 0.0, product);   // onehot (N,V) E (V,d)
    double lookup_diff = max_abs_diff_matrix(a->X, product);

    tiny_zero_grads(m);
    // The per-sequence path (tiny_embed + tiny_forward_body) forms x itself, so dL/dx exists.
    chapter_check(ch, tiny_embed(m, a), "lookup");
    chapter_check(ch, tiny_forward_body(m, a), "forward");
    chapter_check(ch, tiny_backward(m, a), "backward");
    chapter_check(ch, tiny_input_gradient(m, a), "input gradient");
    gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0, onehot, a->dX, 0.0, dE_product);           // onehot^T dX
    double grad_diff = max_abs_diff_matrix(&m->g.E.matrix, dE_product);
    double grad_tol = ROUNDING_TOLERANCE(max_abs_matrix(dE_product));
    long unused_nonzero = 0, used_zero = 0;
    for (size_t v = 0; v < V; v++) {
        gsl_vector_const_view row = gsl_matrix_const_row(&m->g.E.matrix, v);
        bool zero = gsl_vector_isnull(&row.vector);
        if (v >= used && !zero) unused_nonzero++;
        if (v < used && zero) used_zero++;
    }
    gsl_matrix_memcpy(E_before, &m->p.E.matrix);
    adam_step(adam, m->params, m->grads);
    long unused_moved = 0, used_moved = 0;
    for (size_t v = 0; v < V; v++) {
        bool same = memcmp(gsl_matrix_const_ptr(E_before, v, 0), gsl_matrix_const_ptr(&m->p.E.matrix, v, 0),
                           D * sizeof(double)) == 0;
        if (v >= used && !same) unused_moved++;
        if (v < used && !same) used_moved++;
    }
    bool holds = lookup_diff == 0.0 && grad_diff <= grad_tol && unused_nonzero == 0 && used_zero == 0 &&
                 unused_moved == 0 && used_moved == (long)used;
    r->measured = (double)unused_moved;
    r->document = 0.0;
    r->tolerance = 0.0;
    r->verdict = holds ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "lookup_diff", lookup_diff);
    claim_value(r, "grad_diff", grad_diff);
    claim_value(r, "used", (double)used);
    claim_value(r, "unused", (double)(V - used));
    claim_value(r, "used_moved", (double)used_moved);
    claim_value(r, "unused_moved", (double)unused_moved);
    claim_value(r, "unused_nonzero", (double)unused_nonzero);
    claim_value(r, "V", (double)V);
    // The evidence: the batch, and both checks against their tolerances.
    claim_value(r, "B", (double)B);
    claim_value(r, "last_used", (double)(used - 1));
    claim_value(r, "grad_tol", grad_tol);
    gsl_matrix_free(onehot);
    gsl_matrix_free(product);
    gsl_matrix_free(dE_product);
    gsl_matrix_free(E_before);
    adam_free(adam);
    tiny_acts_free(a);
    tiny_model_free(m);
    posenc_free(pe);
}

// ---- claim 6.4: are both embedding matrices trainable? (Doc C §七 vs §五.2) ----------------

// What one Adam step on one batch does to the two matrices a model adds to its input.
typedef struct {
    size_t n_pe;                   // trainable numbers of the position matrix
    long pe_rows_moved;            // rows of the position matrix changed by the step (learned)
    bool fixed_same;               // a fixed table (sinusoidal) is bit-identical after the step
    double max_dXpos;              // max |dL/dp_t|: the gradient that reaches the position vectors
    long E_rows_grad;              // rows of E with a nonzero gradient
    long E_rows_moved;             // rows of E changed by the step
} TrainableProbe;

static TrainableProbe probe_trainable(Chapter *ch, PosEncodingMaker make) {
    size_t V = (size_t)vocab, D = (size_t)d, T = (size_t)train_len, B = 4;
    TrainableProbe p = {0, 0, true, 0.0, 0, 0};
    PosEncoding *pe = make(D, eval_len());
    TinyModel *m = pe ? tiny_model_new(V, pe) : NULL;
    TinyActs *a = m ? tiny_acts_new(m, B, T) : NULL;
    Adam *adam = m ? adam_new(m->n_params, lr, 0.9, 0.999, 1e-8) : NULL;
    if (adam == NULL) chapter_check(ch, GSL_ENOMEM, "building a model");
    tiny_model_init(m, ch->rng, ch->rng);
    copy_task_batch(a, V, ch->rng);
    p.n_pe = pe->n_params;
    double *params_before = malloc(m->n_params * sizeof *params_before);   // (n_params,)
    gsl_matrix *fixed_before = pe->fixed ? gsl_matrix_alloc(pe->fixed->size1, D) : NULL;
    if (params_before == NULL || (pe->fixed && fixed_before == NULL)) chapter_check(ch, GSL_ENOMEM, "allocating");
    if (fixed_before) gsl_matrix_memcpy(fixed_before, pe->fixed);
    tiny_zero_grads(m);
    chapter_check(ch, tiny_forward(m, a), "forward");
    chapter_check(ch, tiny_backward(m, a), "backward");
    p.max_dXpos = max_abs_matrix(a->dXpos);
    memcpy(params_before, m->params, m->n_params * sizeof *params_before);
    adam_step(adam, m->params, m->grads);
    for (size_t v = 0; v < V; v++) {
        gsl_vector_const_view g = gsl_matrix_const_row(&m->g.E.matrix, v);
        p.E_rows_grad += !gsl_vector_isnull(&g.vector);
        p.E_rows_moved += memcmp(params_before + v * D, m->params + v * D, D * sizeof(double)) != 0;
    }
    size_t pe_offset = m->n_model;   // the encoding's numbers are the block's last n_pe
    for (size_t t = 0; t < p.n_pe / D; t++)
        p.pe_rows_moved += memcmp(params_before + pe_offset + t * D, m->params + pe_offset + t * D,
                                  D * sizeof(double)) != 0;
    if (fixed_before) p.fixed_same = memcmp(fixed_before->data, pe->fixed->data,
                                            fixed_before->size1 * D * sizeof(double)) == 0;
    gsl_matrix_free(fixed_before);
    free(params_before);
    adam_free(adam);
    tiny_acts_free(a);
    tiny_model_free(m);
    posenc_free(pe);
    return p;
}

static void claim_both_trainable(Chapter *ch, ClaimResult *r) {
    TrainableProbe learned = probe_trainable(ch, posenc_learned);
    TrainableProbe sinusoidal = probe_trainable(ch, posenc_sinusoidal);
    size_t V = (size_t)vocab, rows = eval_len();
    bool word_trainable = learned.E_rows_moved > 0 && sinusoidal.E_rows_moved > 0 &&
                          learned.E_rows_grad == learned.E_rows_moved && sinusoidal.E_rows_grad == sinusoidal.E_rows_moved;
    bool learned_trainable = learned.n_pe == rows * (size_t)d && learned.pe_rows_moved == train_len;
    bool sinusoidal_fixed = sinusoidal.n_pe == 0 && sinusoidal.fixed_same && sinusoidal.max_dXpos > 0.0;
    r->measured = (double)sinusoidal.n_pe;
    r->document = (double)learned.n_pe;
    r->tolerance = 0.0;
    // §七 as worded holds if every position matrix is trainable; it contradicts
    // §五.2 (an erratum) when the sinusoidal one has no trainable numbers.
    if (word_trainable && learned_trainable && sinusoidal.n_pe > 0)
        r->verdict = VERDICT_HOLDS;
    else if (word_trainable && learned_trainable && sinusoidal_fixed)
        r->verdict = VERDICT_ERRATUM;
    else
        r->verdict = VERDICT_DOES_NOT_HOLD;
    claim_value(r, "learned_params", (double)learned.n_pe);
    claim_value(r, "learned_moved", (double)learned.pe_rows_moved);
    claim_value(r, "sin_params", (double)sinusoidal.n_pe);
    claim_value(r, "sin_grad", sinusoidal.max_dXpos);
    claim_value(r, "L", (double)train_len);
    claim_value(r, "rows", (double)rows);
    // The evidence: what one step did to each matrix, with each encoding.
    claim_value(r, "B", 4.0);   // the batch of probe_trainable
    claim_value(r, "V", (double)V);
    claim_value(r, "learned_E_grad", (double)learned.E_rows_grad);
    claim_value(r, "sin_E_grad", (double)sinusoidal.E_rows_grad);
    claim_value(r, "learned_E_moved", (double)learned.E_rows_moved);
    claim_value(r, "sin_E_moved", (double)sinusoidal.E_rows_moved);
    claim_value(r, "learned_grad", learned.max_dXpos);
    claim_flag(r, "sin_same", sinusoidal.fixed_same);
    claim_flag(r, "erratum", r->verdict == VERDICT_ERRATUM);
}

// ---- claims 6.8-6.10: RoPE and ALiBi, position in the scores ------------------
//
// The same model, task, trainer, test and seeds as claims 6.1, 6.5-6.7; only the
// encoding changes. Nothing is added to the input; position enters the scores:
//   rope      q_t, k_t rotated by position t (no parameters; chapter 7, claim 7.1)
//   alibi     S[t,s] -= m |t-s|, one learned slope m
//   alibi-lr  S[t,s] -= m_left (t-s) for s < t, m_right (s-t) for s > t, two learned slopes

// The best any symmetric-ALiBi model can do, position by position. One
// layer, no other position: the output at t depends only on token_t and the
// multiset of pairs (token_s, |t-s|). Where both neighbours exist (1 <= t <=
// T-2), swapping the tokens at t-1 and t+1 leaves that multiset unchanged,
// so the two sequences get the same prediction at t while their targets are
// the two different tokens (unless they are equal, probability 1/V): at most
//   1/V + (1 - 1/V)/2 = (1 + 1/V)/2
// of the predictions at t are right. The last position t = T-1 has only one
// key at distance 1 and no such limit (at most 1).
static double mirror_bound_interior(void) { return 0.5 * (1.0 + 1.0 / (double)vocab); }
static double mirror_bound(size_t t, size_t T) { return t + 1 == T ? 1.0 : mirror_bound_interior(); }

// The bound averaged over positions from..to-1 of a sequence of length T.
static double mirror_bound_mean(size_t from, size_t to, size_t T) {
    double sum = 0.0;
    for (size_t t = from; t < to; t++) sum += mirror_bound(t, T);
    return sum / (double)(to - from);
}

// Position by position: the accuracy at t (mean over seeds) against the bound,
// for sequences of length T (the eval length, or the training length with
// at_train_len set). worst_excess: the largest (accuracy - bound) / slack, where
// the slack is BOUND_SIGMAS sampling sd (> 1: above the bound beyond
// sampling); gap: the mean of bound - accuracy; last: the accuracy at T-1.
typedef struct {
    double worst_excess, gap, last;
    size_t worst_at;
} BoundCheck;

static BoundCheck mirror_bound_check(size_t enc, bool at_train_len) {
    size_t T = at_train_len ? (size_t)train_len : eval_len();
    double samples = (double)seeds * (double)eval_seqs;
    BoundCheck c = {-INFINITY, 0.0, 0.0, 0};
    for (size_t t = 1; t < T; t++) {
        double acc = 0.0, b = mirror_bound(t, T);
        for (long k = 0; k < seeds; k++) {
            const CopyRun *run = &experiment.runs[enc][k];
            acc += (at_train_len ? run->accuracy_train_len[t] : run->accuracy[t]) / (double)seeds;
        }
        // At b = 1 no accuracy exceeds the bound; elsewhere the sd of a mean of
        // 'samples' predictions each right with probability <= b.
        double slack = BOUND_SIGMAS * sqrt(b * (1.0 - b) / samples);
        double excess = slack > 0.0 ? (acc - b) / slack : (acc > b ? INFINITY : -INFINITY);
        if (excess > c.worst_excess) c.worst_excess = excess, c.worst_at = t;
        c.gap += (b - acc) / (double)(T - 1);
        if (t == T - 1) c.last = acc;
    }
    return c;
}

// The same argument, checked on the trained models (CopyConfig.probe, run on
// every model before it is freed): mirror_seqs(L_train) sequences (MIRROR_SEQS at most) of length L_train;
// in each, the tokens at t-1 and t+1 around one interior t are swapped.
//   values[0]  max over the sequences of max_v |logits_t[v] after - before|
//   values[1]  the largest |logit| at t (the scale of values[0])
//   values[2]  the fraction of predictions at t that changed, among the
//              sequences whose two swapped tokens differ
// For one symmetric slope the logits at t must not move beyond rounding.
// At most MIRROR_ROWS tokens in all (the 200 sequences of length 32 at the
// defaults), so a long --train-len does not make the test the run's largest buffer.
enum { MIRROR_SEQS = 200, MIRROR_ROWS = 6400 };
static size_t mirror_seqs(size_t T) { return T * MIRROR_SEQS <= MIRROR_ROWS ? MIRROR_SEQS : GSL_MAX(MIRROR_ROWS / T, (size_t)1); }
static void mirror_probe(const TinyModel *m, const CopyConfig *cfg, double *values) {
    size_t T = cfg->train_len, V = cfg->vocab, n_seqs = mirror_seqs(T);
    TinyActs *a = tiny_acts_new(m, n_seqs, T);
    gsl_matrix *before = gsl_matrix_alloc(n_seqs, V);
    size_t *at = calloc(n_seqs, sizeof *at);
    gsl_rng *rng = random_new(copy_stream_seed(cfg->seed, 5));
    if (a && before && at && rng && T >= 3) {
        copy_task_batch(a, V, rng);
        for (size_t b = 0; b < n_seqs; b++) at[b] = b * T + 1 + gsl_rng_uniform_int(rng, T - 2);
        if (tiny_forward(m, a) == GSL_SUCCESS) {
            double scale = 0.0;
            for (size_t b = 0; b < n_seqs; b++) {
                gsl_vector_const_view row = gsl_matrix_const_row(a->logits, at[b]);
                gsl_matrix_set_row(before, b, &row.vector);
                scale = fmax(scale, fmax(fabs(gsl_vector_max(&row.vector)), fabs(gsl_vector_min(&row.vector))));
                size_t keep = a->tokens[at[b] - 1];
                a->tokens[at[b] - 1] = a->tokens[at[b] + 1];
                a->tokens[at[b] + 1] = keep;
            }
            if (tiny_forward(m, a) == GSL_SUCCESS) {
                double worst = 0.0;
                long differ = 0, changed = 0;
                for (size_t b = 0; b < n_seqs; b++) {
                    gsl_vector_const_view after = gsl_matrix_const_row(a->logits, at[b]), old = gsl_matrix_const_row(before, b);
                    for (size_t v = 0; v < V; v++)
                        worst = fmax(worst, fabs(gsl_vector_get(&after.vector, v) - gsl_vector_get(&old.vector, v)));
                    if (a->tokens[at[b] - 1] != a->tokens[at[b] + 1]) {
                        differ++;
                        changed += gsl_vector_max_index(&after.vector) != gsl_vector_max_index(&old.vector);
                    }
                }
                values[0] = worst;
                values[1] = scale;
                values[2] = differ > 0 ? (double)changed / (double)differ : NAN;
            }
        }
    }
    random_free(rng);
    free(at);
    if (before) gsl_matrix_free(before);
    tiny_acts_free(a);
}

static double slope_of(size_t enc, long k, size_t which) { return experiment.runs[enc][k].pe_final[which]; }

// ---- claim 6.8: RoPE beyond the training length ----------------------------
// Why RoPE fails where it fails, the "aliases" of offset 1: common/position/rope.h.

static void claim_rope_beyond(Chapter *ch, ClaimResult *r) {
    experiment_ensure(ch);
    const CopySummary *s = &experiment.summary[ENC_ROPE];
    double chance = 1.0 / (double)vocab, in_range = s->train_len.mean, beyond = s->beyond.mean;
    size_t L = (size_t)train_len, T = eval_len();
    RopeAliases a = rope_aliases((size_t)d, train_len, (long)T);
    // Accuracy at the positions of the long test sequences that do / do not meet an alias key.
    double with_sum = 0.0, without_sum = 0.0;
    size_t with_n = 0, without_n = 0, with_first = T, with_last = 0;
    for (size_t t = 1; t < T; t++) {
        double acc = 0.0;
        for (long k = 0; k < seeds; k++) acc += experiment.runs[ENC_ROPE][k].accuracy[t] / (double)seeds;
        if (rope_sees_alias(&a, t)) {
            with_sum += acc, with_n++;
            if (t > L) with_first = GSL_MIN(with_first, t);
            else with_last = t;
        } else {
            without_sum += acc, without_n++;
        }
    }
    double acc_alias = with_n ? with_sum / (double)with_n : NAN, acc_clean = without_n ? without_sum / (double)without_n : NAN;
    long strongest = 0;   // the alias most like offset 1
    for (size_t j = 0; j < a.n_alias; j++)
        if (j == 0 || rope_resemblance(a.alias[j], a.n_fast, (size_t)d) > rope_resemblance(strongest, a.n_fast, (size_t)d)) strongest = a.alias[j];
    bool aliased = a.n_alias > 0 && with_n > 0 && without_n > 0 && acc_alias < acc_clean;
    bool solved_in_range = in_range >= COPY_SOLVED;
    bool same = beyond >= in_range - COPY_SAME_BAND;
    bool far_above = beyond >= chance + COPY_FAR_ABOVE_CHANCE;
    r->measured = beyond;
    r->document = in_range;
    r->tolerance = COPY_SAME_BAND;
    r->verdict = solved_in_range && same ? VERDICT_HOLDS
               : (solved_in_range && far_above ? VERDICT_PARTLY_HOLDS : VERDICT_DOES_NOT_HOLD);
    if (!solved_in_range) claim_case(r, "unsolved");
    else if (!far_above) claim_case(r, "near_chance");
    else if (aliased) claim_case(r, "aliased");
    claim_value(r, "at_L", in_range);
    claim_value(r, "beyond", beyond);
    claim_value(r, "chance", chance);
    claim_value(r, "solved", COPY_SOLVED);
    claim_value(r, "band_points", 100 * COPY_SAME_BAND);
    claim_value(r, "far_points", 100 * COPY_FAR_ABOVE_CHANCE);
    claim_value(r, "T", (double)T);
    if (aliased) {
        claim_value(r, "alias_acc", acc_alias);
        claim_value(r, "clean_acc", acc_clean);
        claim_value(r, "alias", (double)strongest);
        // alias_acc pools every alias offset: which ones, and how many.
        char offsets[2 * MAX_EVAL_LEN * 8 + 64] = "";   // "%+ld, " per alias
        for (size_t j = 0; j < a.n_alias; j++) {
            size_t used = strlen(offsets);
            snprintf(offsets + used, sizeof offsets - used, "%s%+ld", j ? ", " : "", a.alias[j]);
        }
        claim_text(r, "alias_offsets", "%s", offsets);
    }
    // The evidence: RoPE's row (and the sinusoid's, when trained), the fast pairs,
    // the untrained offsets they take for offset 1 (table "aliases"), and the
    // accuracy where a key sits at one of them.
    record_accuracy(r, ENC_ROPE);
    if (experiment.trained[ENC_SINUSOIDAL]) record_accuracy(r, ENC_SINUSOIDAL);
    claim_value(r, "seeds", (double)seeds);
    claim_percent(r, "chance_pct", chance);
    claim_percent(r, "solved_pct", COPY_SOLVED);
    claim_value(r, "L", (double)L);
    claim_value(r, "last_t", (double)(T - 1));
    claim_value(r, "max_trained_offset", (double)(L - 1));
    claim_value(r, "n_fast", (double)a.n_fast);
    char text[64 * MAX_EVAL_LEN / 16 + 256] = "";
    for (size_t i = 0; i < a.n_fast; i++) {
        size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "%s%.1f", i ? ", " : "", 2.0 * M_PI * pe_denominator(i, (size_t)d));
    }
    claim_text(r, "fast_periods", "%s", text);
    claim_value(r, "trained_max", a.trained_max);
    claim_value(r, "trained_argmax", (double)a.trained_argmax);
    claim_value(r, "threshold", a.threshold);
    for (size_t j = 0; j < a.n_alias; j++) {
        claim_row(r, "aliases");
        claim_cell_text(r, "aliases", "R", "%+ld", a.alias[j]);
        claim_cell(r, "aliases", "resemblance", rope_resemblance(a.alias[j], a.n_fast, (size_t)d));
    }
    claim_flag(r, "has_aliases", a.n_alias > 0);
    if (a.n_alias > 0) {
        // An alias: R - 1 is close to a whole number of turns of every fast pair.
        text[0] = '\0';
        for (size_t i = 0; i < a.n_fast; i++) {
            size_t used = strlen(text);
            snprintf(text + used, sizeof text - used, "%s%.2f", i ? ", " : "",
                     (double)(strongest - 1) / (2.0 * M_PI * pe_denominator(i, (size_t)d)));
        }
        claim_text(r, "strongest_turns", "%s", text);
        claim_text(r, "strongest", "%+ld", strongest);
        // Where the alias keys are: t <= with_last (inside the training length) and t >= with_first.
        if (with_last > 0 && with_first < T) claim_text(r, "zones", "t <= %zu, t >= %zu", with_last, with_first);
        else if (with_last > 0) claim_text(r, "zones", "t <= %zu", with_last);
        else if (with_first < T) claim_text(r, "zones", "t >= %zu", with_first);
        else claim_text(r, "zones", "-");
        claim_percent(r, "alias_pct", acc_alias);
        claim_percent(r, "clean_pct", acc_clean);
    }
    claim_flag(r, "zone_in_range", a.n_alias > 0 && with_last > 0);
    claim_flag(r, "aliased", aliased);
    claim_flag(r, "solves", solved_in_range);
    claim_flag(r, "far_above", far_above);
    claim_flag(r, "same", same);
}

// ---- claim 6.9: ALiBi with one symmetric slope cannot tell before from after ----

static void claim_alibi_symmetric(Chapter *ch, ClaimResult *r) {
    experiment_ensure(ch);
    const CopySummary *s = &experiment.summary[ENC_ALIBI];
    double at_L = s->train_len.mean, in_range = s->in_range.mean, beyond = s->beyond.mean;
    size_t L = (size_t)train_len, T = eval_len();
    double ceil_L = mirror_bound_mean(1, L, L), ceil_in = mirror_bound_mean(1, L, T);
    double ceil_beyond = mirror_bound_mean(L, T, T);
    char text[32 * COPY_MAX_SEEDS] = "";
    for (long k = 0; k < seeds; k++) {
        size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "%s%.3g", k ? " " : "", slope_of(ENC_ALIBI, k, 0));
    }
    claim_text(r, "slopes", "%s", text);
    // Position by position, at both lengths.
    BoundCheck at_train = mirror_bound_check(ENC_ALIBI, true), at_eval = mirror_bound_check(ENC_ALIBI, false);
    double worst_excess = fmax(at_train.worst_excess, at_eval.worst_excess);
    // The mirror test on the trained models (mirror_probe): every trained encoding, for contrast.
    double alibi_change = NAN, alibi_scale = 0.0;
    for (size_t enc = 0; enc < N_ENCODINGS; enc++) {
        if (!experiment.trained[enc]) continue;
        double change = 0.0, scale = 0.0, flips[COPY_MAX_SEEDS];
        for (long k = 0; k < seeds; k++) {
            const double *v = experiment.runs[enc][k].probe;
            change = fmax(change, v[0]);
            scale = fmax(scale, v[1]);
            flips[k] = v[2];
        }
        char name[64];
        snprintf(name, sizeof name, "%s_probed", experiment.columns[enc]);
        claim_flag(r, name, true);
        snprintf(name, sizeof name, "%s_swap", experiment.columns[enc]);
        claim_value(r, name, change);
        snprintf(name, sizeof name, "%s_flips", experiment.columns[enc]);
        claim_percent(r, name, gsl_stats_mean(flips, 1, (size_t)seeds));
        if (enc == ENC_ALIBI) alibi_change = change, alibi_scale = scale;
    }
    bool mirror_blind = alibi_change <= ROUNDING_TOLERANCE(alibi_scale);
    bool under_bound = worst_excess <= 1.0;
    bool at_bound = fabs(at_train.gap) <= CEILING_MARGIN && fabs(at_eval.gap) <= CEILING_MARGIN;
    bool solved = at_L >= COPY_SOLVED && beyond >= COPY_SOLVED;
    // Capped: under the bound at every position (per-position slack) and on average over
    // positions (the tighter CEILING_MARGIN, since an average pools T-1 positions' samples).
    bool capped = under_bound && mirror_blind && at_L <= ceil_L + CEILING_MARGIN &&
                  in_range <= ceil_in + CEILING_MARGIN && beyond <= ceil_beyond + CEILING_MARGIN;
    r->measured = worst_excess;
    r->document = NAN;
    r->tolerance = 1.0;
    r->verdict = solved ? VERDICT_HOLDS : (capped ? VERDICT_DOES_NOT_HOLD : VERDICT_PARTLY_HOLDS);
    if (capped) claim_case(r, at_bound ? "at_bound" : "below_bound");
    claim_value(r, "at_L", at_L);
    claim_value(r, "beyond", beyond);
    claim_value(r, "ceil_L", ceil_L);
    claim_value(r, "ceil_beyond", ceil_beyond);
    claim_value(r, "bound", mirror_bound_interior());
    claim_value(r, "last", at_eval.last);
    claim_value(r, "swap", alibi_change);
    claim_value(r, "excess", worst_excess);
    claim_value(r, "T", (double)T);
    // The evidence: the row, the bound averaged over positions and position by
    // position (table "lengths"), the swap test on every trained model, and how
    // the verdict reads them.
    record_accuracy(r, ENC_ALIBI);
    claim_value(r, "seeds", (double)seeds);
    claim_value(r, "m0", ALIBI_INITIAL_SLOPE);
    claim_percent(r, "bound_pct", mirror_bound_interior());
    claim_percent(r, "ceil_L_pct", ceil_L);
    claim_percent(r, "ceil_in_pct", ceil_in);
    claim_percent(r, "ceil_beyond_pct", ceil_beyond);
    claim_value(r, "sigmas", BOUND_SIGMAS);
    claim_value(r, "eval_seqs", (double)eval_seqs);
    claim_value(r, "L", (double)L);
    const struct {
        size_t length;
        const BoundCheck *check;
    } lengths[] = {{L, &at_train}, {T, &at_eval}};
    for (size_t i = 0; i < 2; i++) {
        claim_row(r, "lengths");
        claim_cell(r, "lengths", "T", (double)lengths[i].length);
        claim_cell(r, "lengths", "excess", lengths[i].check->worst_excess);
        claim_cell(r, "lengths", "at", (double)lengths[i].check->worst_at);
        claim_cell(r, "lengths", "gap", 100 * lengths[i].check->gap);
        claim_cell(r, "lengths", "last_t", (double)(lengths[i].length - 1));
        claim_cell(r, "lengths", "last", 100 * lengths[i].check->last);
    }
    claim_value(r, "probe_seqs", (double)mirror_seqs(L));
    claim_value(r, "swap_tol", ROUNDING_TOLERANCE(alibi_scale));
    claim_value(r, "margin_points", 100 * CEILING_MARGIN);
    claim_percent(r, "last_pct", at_eval.last);
    claim_value(r, "last_t", (double)(T - 1));
    claim_flag(r, "mirror_blind", mirror_blind);
    claim_flag(r, "at_bound_flag", at_bound);
    claim_flag(r, "capped", capped);
    claim_flag(r, "solves", solved);
    // The finding's contrast: the two other encodings that put position into the scores.
    claim_flag(r, "contrast_rope", capped && experiment.trained[ENC_ROPE]);
    claim_flag(r, "contrast_lr", capped && experiment.trained[ENC_ALIBI_LR]);
}

// ---- claim 6.10: ALiBi with left and right slopes -----------------------------

static long count_greater(const double *a, const double *b) {
    long n = 0;
    for (long k = 0; k < seeds; k++) n += a[k] > b[k];
    return n;
}

static void claim_alibi_left_right(Chapter *ch, ClaimResult *r) {
    experiment_ensure(ch);
    const CopySummary *s = &experiment.summary[ENC_ALIBI_LR];
    double at_L = s->train_len.mean, in_range = s->in_range.mean, beyond = s->beyond.mean;
    double left[COPY_MAX_SEEDS], right[COPY_MAX_SEEDS];
    for (long k = 0; k < seeds; k++) left[k] = slope_of(ENC_ALIBI_LR, k, 0), right[k] = slope_of(ENC_ALIBI_LR, k, 1);
    char text[64 * COPY_MAX_SEEDS] = "";
    for (long k = 0; k < seeds; k++) {
        size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "%s(%.3g, %.3g)", k ? " " : "", left[k], right[k]);
    }
    claim_text(r, "slopes", "%s", text);
    double m_left = gsl_stats_mean(left, 1, (size_t)seeds), m_right = gsl_stats_mean(right, 1, (size_t)seeds);
    long right_steeper = count_greater(right, left);
    bool holds = at_L >= COPY_SOLVED && in_range >= COPY_SOLVED && beyond >= COPY_SOLVED;
    bool partly = at_L >= COPY_SOLVED;
    r->measured = beyond;
    r->document = at_L;
    r->tolerance = 1.0 - COPY_SOLVED;
    r->verdict = holds ? VERDICT_HOLDS : (partly ? VERDICT_PARTLY_HOLDS : VERDICT_DOES_NOT_HOLD);
    claim_value(r, "at_L", at_L);
    claim_value(r, "in_range", in_range);
    claim_value(r, "beyond", beyond);
    claim_value(r, "m_left", m_left);
    claim_value(r, "m_right", m_right);
    claim_value(r, "solved", COPY_SOLVED);
    claim_value(r, "T", (double)eval_len());
    // The evidence: the row, the slopes per seed, the biases they give the nearest
    // keys for equal content scores, and how the verdict reads the row.
    record_accuracy(r, ENC_ALIBI_LR);
    claim_value(r, "seeds", (double)seeds);
    claim_value(r, "m0", ALIBI_INITIAL_SLOPE);
    claim_value(r, "bias_before", -m_left);
    claim_value(r, "bias_after", -m_right);
    claim_value(r, "bias_two_back", -2 * m_left);
    claim_value(r, "right_steeper", (double)right_steeper);
    claim_flag(r, "ranks_first", m_left > 0.0 && m_right > m_left);
    claim_value(r, "factor_after", exp(m_right - m_left));
    claim_value(r, "factor_two_back", exp(m_left));
    claim_percent(r, "solved_pct", COPY_SOLVED);
    claim_flag(r, "stays", holds);
    claim_flag(r, "drops", !holds && partly);
}

// ---- main ----------------------------------------------------------------------

// In the order the lesson teaches (lessons/en/ch06.md): why positions are
// needed, what a table of them is, then each encoding beyond the training
// length. The ids keep their numbers.
// The statement of each claim is its lesson's says: line, why it is expected its
// expected: line, what the key number is its key: line (lessons/LANG/ch06.md).
static const ClaimDef CLAIMS[] = {
    {"6.1", "Doc C §四; chapter 1", VERDICT_HOLDS, claim_nope_blind, SCOPE_COURSE, WEIGHT_NONE},
    {"6.2", "Doc C §一; §七", VERDICT_HOLDS, claim_one_hot, SCOPE_COURSE, WEIGHT_NONE},
    {"6.3", "Doc D §3 table", VERDICT_HOLDS, claim_parameter_counts, SCOPE_COURSE, WEIGHT_NONE},
    {"6.4", "Doc C §七 vs §五.2", VERDICT_ERRATUM, claim_both_trainable, SCOPE_COURSE, WEIGHT_ERROR},
    {"6.5", "Doc D §3", VERDICT_HOLDS, claim_in_range_same, SCOPE_COURSE, WEIGHT_NONE},
    {"6.6", "Doc B §5-2; Doc C §五.1; Doc D §3 table", VERDICT_HOLDS, claim_learned_stops, SCOPE_COURSE,
     WEIGHT_NONE},
    {"6.7", "Doc B §5-2; Doc C §五.2; Doc D §3 table", VERDICT_PARTLY_HOLDS, claim_sinusoidal_beyond,
     SCOPE_COURSE, WEIGHT_NONE},
    {"6.8", "RoPE: Doc C §六", VERDICT_PARTLY_HOLDS, claim_rope_beyond, SCOPE_BEYOND, WEIGHT_NONE},
    {"6.9", "ALiBi: Doc C §六", VERDICT_DOES_NOT_HOLD, claim_alibi_symmetric, SCOPE_BEYOND, WEIGHT_NONE},
    {"6.10", "Beyond the documents", VERDICT_HOLDS, claim_alibi_left_right, SCOPE_BEYOND, WEIGHT_NONE},
};

int main(int argc, char **argv) {
    parallel_blas_choose_kernels();  // BLIS's kernels on a processor it does not know (parallel.h)
    heap_keep_freed_memory();        // each run's buffers reuse the last run's pages (heap.h)
    parallel_blas_single_thread();   // our threads run the seeds; BLAS stays on one
    Chapter ch = {
        .program = "ch06",
        .claims = CLAIMS,
        .n_claims = sizeof CLAIMS / sizeof CLAIMS[0],
    };
    const OptionSpec options[] = {
        {"--steps", OPTION_INT, &steps, 1, 100000, 0, "N", N_("Adam steps per run")},
        {"--seeds", OPTION_INT, &seeds, 1, COPY_MAX_SEEDS, 0, "N", N_("runs per encoding")},
        {"--threads", OPTION_INT, &threads, 1, 64, 0, "N", N_("runs trained at once")},
        CACHE_OPTION_SPECS(cache_dir, retrain, N_("finished runs are kept here (default: 'cache' beside --out)")),
        {"--train-len", OPTION_INT, &train_len, 2, 512, 0, "N",
         N_("training sequence length L_train")},
        {"--eval-factor", OPTION_INT, &eval_factor, 2, 8, 0, "N",
         N_("test length = N x L_train")},
        {"--eval-seqs", OPTION_INT, &eval_seqs, 1, 100000, 0, "N",
         N_("test sequences per run and length")},
        {"--batch", OPTION_INT, &batch, 1, 1024, 0, "N", N_("sequences per step")},
        {"--vocab", OPTION_INT, &vocab, 2, 1024, 0, "N", N_("vocabulary size V")},
        {"--d", OPTION_INT, &d, 2, 256, OPTION_EVEN, "N", N_("model width d, even")},
        {"--lr", OPTION_REAL, &lr, 1e-6, MAX_LR, 0, "X",
         N_("Adam learning rate, at most 0.02: with the other defaults 0.03 trains, 0.04 and above diverge")},
    };
    int status = chapter_begin(&ch, argc, argv, options, sizeof options / sizeof options[0]);
    if (status != CHAPTER_CONTINUE) return status;
    char default_cache[4200];
    cache_dir = cache_folder(cache_dir, ch.out, default_cache, sizeof default_cache);
    if (eval_factor * train_len > MAX_EVAL_LEN)
        return chapter_reject_number(&ch, "--eval-factor", eval_factor,
                                     _("expected eval-factor x train-len <= 1024 (memory bound)"));
    if (batch * train_len > 65536)
        return chapter_reject_number(&ch, "--batch", batch, _("expected batch x train-len <= 65536 (memory bound)"));
    // Memory: the runs trained at once each hold their buffers; every run's results are kept.
    CopyConfig sizes = run_config(&ch);
    size_t runs = (size_t)(N_ENCODINGS * seeds);   // (trained in one round at most)
    double memory = copy_runs_bytes(&sizes, runs, runs, (size_t)threads);
    status = chapter_check_memory(&ch, memory, "--batch, --train-len, --eval-factor, --vocab, --d, --threads or --seeds");
    if (status != CHAPTER_CONTINUE) return status;
    chapter_detail(&ch, "CBLAS: %s (kernels %s); %ld thread%s; buffers of about %.0f MB\n", build_cblas_name(),
                   parallel_blas_core(), threads, threads == 1 ? "" : "s", memory / 1048576.0);
    if (parallel_blas_hint()) chapter_detail(&ch, "note: %s.\n", parallel_blas_hint());
    chapter_run_claims(&ch);
    copy_experiment_free(&experiment);
    return chapter_end(&ch);
}
