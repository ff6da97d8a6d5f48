// copy_task.h: the "copy the previous token" experiment of chapters 6 and 7:
// data, training with Adam, and evaluation by position.
//
// Task: tokens uniform in [0, V); the target at position t >= 1 is the token
// at t-1; position 0 has no target. A bidirectional model can only solve it
// if it knows which key sits one place before the query (chapter 1).
//
// One run = one encoding and one seed: build the model (tiny_model.h) with
// the encoding from 'make_encoding', train 'steps' Adam steps on fresh
// batches of length train_len, then evaluate on eval_seqs fresh sequences of
// length eval_len and record the accuracy at every position; also on
// eval_seqs sequences of the training length itself (the training
// distribution: no keys beyond L_train to distract the queries).
//
// Random streams of a run, all mt19937 seeded from cfg->seed (so a run is
// reproduced by its seed alone, whatever thread runs it):
//   data   training batches              seed stream 0
//   init   E and the weights             seed stream 1
//   pe     the encoding's parameters     seed stream 2
//   eval   the evaluation sequences      seed stream 3 (length eval_len)
//                                        seed stream 4 (length train_len)
//   probe  the chapter's own measurement  seed stream 5 (CopyConfig.probe)
// Runs with the same seed and different encodings see the same batches, the
// same initial E and weights, and the same evaluation sequences.
#ifndef WORKBOOK_COPY_TASK_H
#define WORKBOOK_COPY_TASK_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/posenc.h"
#include "model/tiny_model.h"

typedef PosEncoding *(*PosEncodingMaker)(size_t d, size_t max_positions);

// The tasks (chapter 9's lab; chapters 6 and 7 use COPY_TASK_PREVIOUS, k = 1).
// Tokens are uniform in [0, V) in every task; only the targets differ:
//   previous  the token k places back: target at t >= k is token t-k
//   next      the token after: target at t <= T-2 is token t+1 (needs bidirectional attention)
//   first     the sequence's first token: target at t >= 1 is token 0
typedef enum { COPY_TASK_PREVIOUS, COPY_TASK_NEXT, COPY_TASK_FIRST, COPY_N_TASKS } CopyTaskKind;
typedef struct {
    CopyTaskKind kind;
    size_t k;                      // previous: how far back (>= 1); ignored by the others
} CopyTask;
extern const char *const COPY_TASK_NAMES[COPY_N_TASKS];   // "previous", "next", "first" (option values)

// Whether position t of a sequence of length T has a target, and its source position.
bool copy_task_has_target(const CopyTask *task, size_t t, size_t T);
size_t copy_task_source(const CopyTask *task, size_t t);
// A task's name for tables: "previous (k = 3)", "next", "first".
void copy_task_label(const CopyTask *task, char *out, size_t size);

enum { COPY_PROBE_VALUES = 4 };

typedef struct CopyConfig {
    size_t vocab;                  // V (16)
    size_t d;                      // model width (32)
    size_t train_len;              // L_train (32)
    size_t batch;                  // sequences per step (64)
    long steps;                    // Adam steps (2000)
    double lr, beta1, beta2, eps;  // Adam (3e-3, 0.9, 0.999, 1e-8)
    size_t eval_len;               // evaluation length (4 L_train); also the encoding's max_positions
    size_t eval_seqs;              // evaluation sequences (1000)
    size_t eval_chunk;             // sequences per evaluation forward pass
    CopyTask task;                 // what is predicted ({COPY_TASK_PREVIOUS, 1} by default)
    bool causal;                   // the model's causal mask (tiny_model.h)
    bool float32_values;           // the value products in float32 (tiny_model.h, 5.; true by default)
    unsigned long seed;            // the run's seed
    // Optional: a measurement of the trained model, run before the model is
    // freed; it writes up to COPY_PROBE_VALUES numbers (into CopyRun.probe).
    void (*probe)(const TinyModel *m, const struct CopyConfig *cfg, double *values);
} CopyConfig;

typedef struct {
    size_t n_params;               // trainable numbers, encoding included
    size_t n_pe;                   // the encoding's share of them
    double *loss;                  // (steps,) training loss at each step, before the update
    double *accuracy;              // (eval_len,) fraction correct at each position (NAN where no target)
    double *accuracy_train_len;    // (train_len,) the same on sequences of the training length
    double *pe_initial;            // (n_pe,) the encoding's parameters before training
    double *pe_final;              // (n_pe,) ... and after
    double *E_initial, *E_final;   // (V*d,) the token embeddings before and after
    double probe[COPY_PROBE_VALUES];   // what cfg->probe measured (NAN without a probe)
    double train_seconds, eval_seconds;
    int status;                    // GSL status of the run, or COPY_DIVERGED
} CopyRun;

// A run's status when training diverged (a learning rate too large for the
// settings): a step's loss was not finite (it is loss[step], the steps after
// it were not trained), or a parameter was not finite after the last step.
// The run is then not evaluated, and none of its numbers may be reported.
#define COPY_DIVERGED GSL_ERUNAWAY
// The first step whose loss is not finite, or -1 (then a parameter was not).
long copy_run_diverged_step(const CopyRun *run, long steps);

// The stream seed of 'stream' (0..5 above) for a run seed.
unsigned long copy_stream_seed(unsigned long seed, unsigned stream);

// The best any position-blind model can do on the task, by Monte Carlo over
// n_seqs sequences of length T from rng. Without positions a model's output
// at t depends only on token_t and the multiset of the tokens it attends to
// (all of them; causal: those at 0..t), so a target copied from another of
// those positions is equally likely to be any of them: the best guess is the
// most frequent of the other visible tokens, right with probability
// max_v count(v) / (visible others). per_position (T,) gets that bound at
// every t with a target (NAN elsewhere; NULL: not wanted). Returns the mean
// over all positions with a target. (A target the model cannot see at all,
// the next token under the mask, gets the chance level 1/V.)
double copy_task_blind_bound(const CopyTask *task, bool causal, size_t vocab, size_t T, const gsl_rng *rng,
                             long n_seqs, double *per_position);

// Fill a->tokens uniformly, a->targets with the task's targets and a->weights
// with 1/(number of targets) where there is one, 0 elsewhere (the loss is
// the mean over targets). copy_task_batch: the previous token (k = 1).
void copy_task_fill(TinyActs *a, size_t vocab, const CopyTask *task, const gsl_rng *rng);
void copy_task_batch(TinyActs *a, size_t vocab, const gsl_rng *rng);

// Train and evaluate one run. Allocates the arrays in 'run' (free with
// copy_run_free). Returns run->status.
int copy_run(const CopyConfig *cfg, PosEncodingMaker make_encoding, CopyRun *run);
void copy_run_free(CopyRun *run);

// A finished run as bytes (the payload of a run cache file, copy_experiment.h):
// n_params and n_pe, the probe values and timings, then every array of the run
// as raw doubles, lengths from cfg, so a run read back is the run written, bit
// for bit. copy_run_write: false on a write error. copy_run_read fills 'run'
// (free with copy_run_free) and leaves fp after the run's last byte (the cache
// checks that this is the payload's end); false, the run left empty, unless fp
// holds such a run of cfg whose every number copy_run could have written: loss,
// encoding and embeddings finite, each accuracy NAN exactly where cfg's task
// has no target and in [0, 1] elsewhere, probe values finite or NAN, timings
// finite and >= 0.
bool copy_run_write(FILE *fp, const CopyRun *run, const CopyConfig *cfg);
bool copy_run_read(FILE *fp, const CopyConfig *cfg, CopyRun *run);

// An upper estimate of the memory one copy_run of 'cfg' holds at its peak
// (rotary: the encoding has a qk_relative hook, as RoPE), from the same
// buffer shapes the run allocates. A chapter multiplies it by the runs it
// trains at once and refuses settings above its memory bound.
size_t copy_run_bytes(const CopyConfig *cfg, bool rotary);
// The part of it a finished run keeps (CopyRun's arrays).
size_t copy_run_result_bytes(const CopyConfig *cfg);
// The memory of an experiment of 'runs' runs of 'cfg' on 'threads' threads,
// trained in rounds of at most 'round' runs (one copy_experiment_ensure: its
// encodings x seeds; chapter 9 trains its 7 task-and-mask cells one after
// another): the runs trained at once, min(threads, round), hold their buffers
// (estimated as rotary ones, the largest), every other run its results. What a
// chapter checks against its bound.
double copy_runs_bytes(const CopyConfig *cfg, size_t runs, size_t round, size_t threads);

// Training throughput alone: 'steps' steps of the configuration, returns the
// seconds they took (for benchmarks). Negative on failure.
double copy_time_training(const CopyConfig *cfg, PosEncodingMaker make_encoding, long steps);

#endif
