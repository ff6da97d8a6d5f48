// copy_experiment.h: encodings x seeds of the copy task (common/model/copy_task.h),
// trained in parallel and summarised. The length-generalisation experiment of
// chapter 6: its default configuration, its six encodings and the verdict
// thresholds are defined here once, for chapter 6 and bench/bench_ch06.c.
//
// An experiment holds up to COPY_MAX_ENCODINGS encodings, each trained with
// 'seeds' seeds: run k of every encoding uses the seed config.seed + k, so the
// encodings of one seed see the same batches, initial weights and test
// sequences. Each run is trained once, on demand: a chapter asks for the
// encodings its claims need, and later requests for the same encodings return
// at once. Every run has its own random streams (copy_task.h), so the numbers
// do not depend on the number of threads.
//
// The summary of one encoding: the mean accuracy of every run over
//   train_len   1 <= t < L on sequences of length L        (L = config.train_len)
//   in_range    1 <= t < L on sequences of length T        (T = config.eval_len)
//   beyond      L <= t < T on sequences of length T
//   bucket[b]   bL <= t < (b+1)L, for b = 1 .. T/L - 1
// and of each of those, the mean, sd, min and max over seeds.
#ifndef WORKBOOK_COPY_EXPERIMENT_H
#define WORKBOOK_COPY_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/copy_task.h"
#include "run/chapter.h"

enum {
    COPY_MAX_ENCODINGS = 8,
    COPY_MAX_SEEDS = 50,
    COPY_MAX_EVAL_FACTOR = 8,      // T / L: test length in training lengths
};

// ---- the experiment's defaults (every one is an option of chapter 6) ----------------
// Plain numbers so that help texts can print them (COPY_STR).
#define COPY_DEFAULT_VOCAB 16          // V: chance is 1/16 = 6.25%
#define COPY_DEFAULT_D 32              // model width
#define COPY_DEFAULT_TRAIN_LEN 32      // L_train
#define COPY_DEFAULT_BATCH 64          // sequences per Adam step
#define COPY_DEFAULT_STEPS 2000        // Adam steps per run
#define COPY_DEFAULT_LR 0.003          // Adam learning rate (betas 0.9, 0.999, eps 1e-8)
#define COPY_DEFAULT_EVAL_FACTOR 4     // test length = 4 L_train
#define COPY_DEFAULT_EVAL_SEQS 1000    // test sequences per run and length
#define COPY_DEFAULT_SEEDS 5           // runs per encoding: mean and spread
#define COPY_DEFAULT_THREADS 2         // runs trained at once (the machine has 2 cores)
#define COPY_EVAL_CHUNK 25             // test sequences per evaluation forward pass
#define COPY_STR_(x) #x
#define COPY_STR(x) COPY_STR_(x)

// The defaults above as one run's configuration, with seed 'seed' (run k of an
// experiment uses seed + k) and no probe.
CopyConfig copy_config_default(unsigned long seed);

// ---- the verdict thresholds, in accuracy (fraction correct) --------------------------
// Sampling error of one mean accuracy over 1000 sequences x 96 positions is
// ~0.001; these bands are about judging a model, not about sampling.
#define COPY_SOLVED 0.95               // a task counts as solved at 95% correct
#define COPY_SAME_BAND 0.02            // two accuracies "about the same" within 2 points
#define COPY_FAR_ABOVE_CHANCE 0.10     // 10 points above chance: something was learned (carried over) there

// ---- the six encodings compared --------------------------------------------------------
// none, learned and sinusoidal add a vector to the input; RoPE and the two
// ALiBi variants put position into the scores (common/model/posenc.h).
enum {
    COPY_ENC_NONE, COPY_ENC_LEARNED, COPY_ENC_SINUSOIDAL,
    COPY_ENC_ROPE, COPY_ENC_ALIBI, COPY_ENC_ALIBI_LR,
    COPY_N_ENCODINGS
};
extern const char *const COPY_ENCODING_LABELS[COPY_N_ENCODINGS];    // in tables: "none" .. "ALiBi, left/right"
extern const char *const COPY_ENCODING_COLUMNS[COPY_N_ENCODINGS];   // in data files: "none" .. "alibi_lr"
extern const PosEncodingMaker COPY_ENCODING_MAKERS[COPY_N_ENCODINGS];

// One number per seed and its statistics over the seeds.
typedef struct {
    double seed[COPY_MAX_SEEDS];   // (seeds,)
    double mean, sd;               // gsl_stats_mean, gsl_stats_sd (sd 0 for one seed)
    double min, max;               // gsl_stats_minmax
} CopySeedStat;

// What one encoding's runs show (see the top of this file).
typedef struct {
    CopySeedStat train_len, in_range, beyond;
    CopySeedStat bucket[COPY_MAX_EVAL_FACTOR];   // [1 .. T/L-1] used
} CopySummary;

typedef struct {
    // Set by the chapter.
    size_t n_encodings;                // <= COPY_MAX_ENCODINGS
    const char *const *labels;         // (n_encodings,) names in the summary table
    const char *const *columns;        // (n_encodings,) column prefixes in the data files
    const PosEncodingMaker *makers;    // (n_encodings,)
    CopyConfig config;                 // every run's settings; run k uses seed config.seed + k
    long seeds;                        // runs per encoding, 1 .. COPY_MAX_SEEDS
    const char *cache_dir;             // finished runs are kept here and read back (NULL: not kept)
    const char *code_key;              // the program's code key, WORKBOOK_CODE_KEY of its code_key.h
                                       // (CMakeLists.txt), in its runs' cache key (NULL: not kept)
    bool retrain;                      // with cache_dir: train even a run the cache has (and keep it)
    const char *lr_option;             // the option that sets config.lr ("--lr"), named when training
                                       // diverges; NULL when the chapter has none
    // Filled by copy_experiment_ensure.
    bool trained[COPY_MAX_ENCODINGS];
    CopyRun runs[COPY_MAX_ENCODINGS][COPY_MAX_SEEDS];
    CopySummary summary[COPY_MAX_ENCODINGS];
    double wall_seconds;               // of the last training round
    size_t from_cache;                 // runs of the last round read from cache_dir, not trained
} CopyExperiment;

// The mean of acc[from..to-1] over the positions with a target (NAN marks
// the others, copy_task.h); NAN if none has one.
double copy_mean_positions(const double *acc, size_t from, size_t to);

// Mean accuracy of one run per seed over positions from..to-1 of each
// accuracy array, and the statistics over seeds. accuracy[k] (to,) is seed
// k's array. GSL_EINVAL for seeds outside 1..COPY_MAX_SEEDS or from >= to.
int copy_seed_stat_fill(CopySeedStat *stat, const double *const *accuracy, long seeds, size_t from, size_t to);

// The summary of 'seeds' runs (runs (seeds,)) trained at train_len and tested
// at eval_len. GSL_EINVAL unless 2 <= train_len, eval_len = f * train_len
// with 2 <= f <= COPY_MAX_EVAL_FACTOR, and 1 <= seeds <= COPY_MAX_SEEDS.
int copy_summary_fill(CopySummary *s, const CopyRun *runs, long seeds, size_t train_len, size_t eval_len);

// Train every encoding with wanted[enc] (n_encodings,) that is not trained yet,
// x every seed, on up to 'threads' threads (a run cache_dir holds is read
// instead, unless retrain; a trained one is kept there: see "The run cache"
// below); say how many runs the cache served, what is trained and how fast (--verbose details: the
// chapter's lesson states the runs its evidence rests on); stop the chapter on a failed run
// (chapter_check), or on a run whose training diverged (chapter_diverged: one line naming lr_option,
// exit status 5, nothing cached); summarise. Returns true when it trained or read a run (the
// chapter then writes its data files), false when there was nothing to do.
bool copy_experiment_ensure(const Chapter *ch, CopyExperiment *x, const bool *wanted, size_t threads);

// The data file 'name' of accuracy by position: columns "position", then
// "<column>_mean <column>_min <column>_max" per encoding; a line for every
// t = 1 .. eval_len-1 with the accuracy at t over seeds ("NaN NaN NaN" for an
// encoding not trained in this run). Exits like chapter_data_open on failure.
void copy_experiment_write_accuracy(Chapter *ch, const CopyExperiment *x, const char *name);

// The comparison of every trained encoding, the data file 'name': one line per
// encoding, "encoding" (its column name) then the mean and sd over seeds of
// train_len, in_range and beyond, then the mean of every bucket [bL,(b+1)L)
// ("bucket<b>_mean"); NaN for an encoding not trained in this run. (The
// chapters' evidence prints the same numbers from their lessons' tables.)
void copy_experiment_write_summary(Chapter *ch, const CopyExperiment *x, const char *name);

// Frees every run (trained or not).
void copy_experiment_free(CopyExperiment *x);

// The run cache. A run's file, cache_dir/PROGRAM-run-HASH.bin (common/run/cache_files.h),
// holds all of its CopyRun (copy_run_write: loss, accuracies, the encoding's
// and the embeddings' numbers before and after, probe values, timings) as raw
// doubles, so a run read back is the run trained, bit for bit. Its key, kept
// whole in the file and hashed into its name, names the program and its code
// key (code_key: a hash of every source of the program, the compiler, the
// flags, the build type, the CBLAS and GSL, which the build computes: a
// program built otherwise trains again), the GSL and the BLAS kernels it runs
// with, every number of the run's CopyConfig, its seed, its encoding's column
// name and whether it has a probe. A file is read only when its key and
// checksum match and every number in it is one a run could have written
// (copy_run_read); any other file at the name, a FIFO or a link included, is
// trained over, and copy_experiment_ensure says once how many there were:
//   "cache: 2 files in DIR did not match their key or checksum (or were not regular files); trained again."

#endif
