// copy_experiment.c: see copy_experiment.h.
#include "run/copy_experiment.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/i18n.h"
#include "base/parallel.h"
#include "base/progress.h"
#include "base/wallclock.h"
#include "run/build_info.h"
#include "run/cache_files.h"

// ---- the defaults and the encodings --------------------------------------------------

CopyConfig copy_config_default(unsigned long seed) {
    return (CopyConfig){.vocab = COPY_DEFAULT_VOCAB, .d = COPY_DEFAULT_D, .train_len = COPY_DEFAULT_TRAIN_LEN,
                        .batch = COPY_DEFAULT_BATCH, .steps = COPY_DEFAULT_STEPS, .lr = COPY_DEFAULT_LR,
                        .beta1 = 0.9, .beta2 = 0.999, .eps = 1e-8,
                        .eval_len = COPY_DEFAULT_EVAL_FACTOR * COPY_DEFAULT_TRAIN_LEN,
                        .eval_seqs = COPY_DEFAULT_EVAL_SEQS, .eval_chunk = COPY_EVAL_CHUNK,
                        .task = {COPY_TASK_PREVIOUS, 1}, .causal = false, .float32_values = true, .seed = seed};
}

const char *const COPY_ENCODING_LABELS[COPY_N_ENCODINGS] = {"none", "learned", "sinusoidal",
                                                            "RoPE", "ALiBi, one slope", "ALiBi, left/right"};
const char *const COPY_ENCODING_COLUMNS[COPY_N_ENCODINGS] = {"none", "learned", "sinusoidal",
                                                             "rope", "alibi", "alibi_lr"};
const PosEncodingMaker COPY_ENCODING_MAKERS[COPY_N_ENCODINGS] = {posenc_none, posenc_learned, posenc_sinusoidal,
                                                                 posenc_rope, posenc_alibi, posenc_alibi_left_right};

// ---- summary statistics ---------------------------------------------------------

double copy_mean_positions(const double *acc, size_t from, size_t to) {
    double sum = 0.0;
    size_t n = 0;
    for (size_t t = from; t < to; t++)
        if (!isnan(acc[t])) sum += acc[t], n++;
    return n ? sum / (double)n : NAN;
}

int copy_seed_stat_fill(CopySeedStat *stat, const double *const *accuracy, long seeds, size_t from, size_t to) {
    if (seeds < 1 || seeds > COPY_MAX_SEEDS || from >= to) return GSL_EINVAL;
    for (long k = 0; k < seeds; k++) stat->seed[k] = copy_mean_positions(accuracy[k], from, to);
    size_t n = (size_t)seeds;
    stat->mean = gsl_stats_mean(stat->seed, 1, n);
    stat->sd = n > 1 ? gsl_stats_sd(stat->seed, 1, n) : 0.0;
    gsl_stats_minmax(&stat->min, &stat->max, stat->seed, 1, n);
    return GSL_SUCCESS;
}

int copy_summary_fill(CopySummary *s, const CopyRun *runs, long seeds, size_t train_len, size_t eval_len) {
    if (seeds < 1 || seeds > COPY_MAX_SEEDS || train_len < 2 || eval_len % train_len != 0) return GSL_EINVAL;
    size_t L = train_len, factor = eval_len / train_len;
    if (factor < 2 || factor > COPY_MAX_EVAL_FACTOR) return GSL_EINVAL;
    const double *at_train_len[COPY_MAX_SEEDS], *at_eval_len[COPY_MAX_SEEDS];
    for (long k = 0; k < seeds; k++) {
        at_train_len[k] = runs[k].accuracy_train_len;
        at_eval_len[k] = runs[k].accuracy;
    }
    int status = copy_seed_stat_fill(&s->train_len, at_train_len, seeds, 1, L);
    if (!status) status = copy_seed_stat_fill(&s->in_range, at_eval_len, seeds, 1, L);
    if (!status) status = copy_seed_stat_fill(&s->beyond, at_eval_len, seeds, L, eval_len);
    for (size_t b = 1; b < factor && !status; b++)
        status = copy_seed_stat_fill(&s->bucket[b], at_eval_len, seeds, b * L, (b + 1) * L);
    return status;
}

// ---- the run cache (copy_experiment.h) ---------------------------------------------

// The key and the name, PROGRAM-run-HASH.bin in cache_dir, of run k of
// encoding enc: the program's code key, the GSL and BLAS kernels it runs with,
// every number of the run's CopyConfig, its seed and its encoding. False when
// the program has no code key (then nothing is cached).
static bool run_cache_key(const Chapter *ch, const CopyExperiment *x, size_t enc, long k, CacheKey *key, char *name,
                          size_t size) {
    if (x->code_key == NULL) return false;
    const CopyConfig *c = &x->config;
    cache_key_init(key, "copy-run");
    cache_key_add(key, "program=%s code=%s", ch->program, x->code_key);
    // (GSL as loaded, which a library upgrade changes without a rebuild; the
    // kernels BLIS or OpenBLAS chose for this processor as they loaded)
    cache_key_add(key, "gsl=%s blas=%s", gsl_version, parallel_blas_core());
    cache_key_add(key, "vocab=%zu d=%zu train_len=%zu batch=%zu steps=%ld", c->vocab, c->d, c->train_len, c->batch,
                  c->steps);
    cache_key_add(key, "lr=%a beta1=%a beta2=%a eps=%a", c->lr, c->beta1, c->beta2, c->eps);
    cache_key_add(key, "eval_len=%zu eval_seqs=%zu eval_chunk=%zu", c->eval_len, c->eval_seqs, c->eval_chunk);
    cache_key_add(key, "values=%s", c->float32_values ? "float32" : "double");
    cache_key_add(key, "task=%d k=%zu causal=%d probe=%d", (int)c->task.kind, c->task.k, (int)c->causal,
                  c->probe != NULL);
    cache_key_add(key, "encoding=%s seed=%lu", x->columns[enc], c->seed + (unsigned long)k);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%s-run", ch->program);
    return cache_key_name(key, prefix, name, size);
}

// Read run k of encoding enc into x->runs[enc][k]: CACHE_FOUND when the file
// holds exactly that run (cache_files.h's checks, then copy_run_read's);
// otherwise the run is left empty, CACHE_ABSENT when there is no file,
// CACHE_REJECTED when there is one that could not be used.
static CacheLookup run_cache_load(const Chapter *ch, CopyExperiment *x, size_t enc, long k) {
    char name[DATAFILE_MAX_NAME + 1];
    CacheKey key;
    if (!run_cache_key(ch, x, enc, k, &key, name, sizeof name)) return CACHE_ABSENT;
    CacheReader r;
    CacheLookup found = cache_open(&r, x->cache_dir, name, &key);
    if (found != CACHE_FOUND) return found;
    copy_run_free(&x->runs[enc][k]);
    bool ok = copy_run_read(r.fp, &x->config, &x->runs[enc][k]);
    if (!cache_close(&r) || !ok) {
        copy_run_free(&x->runs[enc][k]);
        return CACHE_REJECTED;
    }
    return CACHE_FOUND;
}

// Keep a finished run (status GSL_SUCCESS) in the cache; quietly nothing on failure.
static void run_cache_save(const Chapter *ch, CopyExperiment *x, size_t enc, long k) {
    char name[DATAFILE_MAX_NAME + 1];
    CacheKey key;
    const CopyRun *r = &x->runs[enc][k];
    if (r->status != GSL_SUCCESS || !run_cache_key(ch, x, enc, k, &key, name, sizeof name)) return;
    DataFile f;
    if (cache_create(&f, x->cache_dir, name, &key)) cache_commit(&f, copy_run_write(f.fp, r, &x->config));
}

// ---- training -----------------------------------------------------------------

typedef struct {
    CopyExperiment *x;
    size_t jobs[COPY_MAX_ENCODINGS * COPY_MAX_SEEDS];   // encoding * COPY_MAX_SEEDS + seed index
} TrainJobs;

static void train_job(size_t i, void *context) {
    TrainJobs *tj = context;
    size_t enc = tj->jobs[i] / COPY_MAX_SEEDS, k = tj->jobs[i] % COPY_MAX_SEEDS;
    CopyConfig cfg = tj->x->config;
    cfg.seed = tj->x->config.seed + (unsigned long)k;
    copy_run(&cfg, tj->x->makers[enc], &tj->x->runs[enc][k]);
    progress_advance(1);   // the run's test: its last step (copy_task.c counts its training steps)
}

// Every wanted encoding not yet marked trained: marked, and its runs summarised.
static void summarise_wanted(const Chapter *ch, CopyExperiment *x, const bool *wanted) {
    for (size_t enc = 0; enc < x->n_encodings; enc++)
        if (wanted[enc] && !x->trained[enc]) {
            x->trained[enc] = true;
            chapter_check(ch, copy_summary_fill(&x->summary[enc], x->runs[enc], x->seeds, x->config.train_len,
                                                x->config.eval_len),
                          "summarising the runs");
        }
}

bool copy_experiment_ensure(const Chapter *ch, CopyExperiment *x, const bool *wanted, size_t threads) {
    TrainJobs tj = {.x = x};
    size_t n_jobs = 0, n_wanted = 0, rejected = 0;
    x->from_cache = 0;
    for (size_t enc = 0; enc < x->n_encodings; enc++) {
        if (!wanted[enc] || x->trained[enc]) continue;
        n_wanted++;
        for (long k = 0; k < x->seeds; k++) {
            CacheLookup found = x->cache_dir && !x->retrain ? run_cache_load(ch, x, enc, k) : CACHE_ABSENT;
            if (found == CACHE_FOUND) x->from_cache++;
            else tj.jobs[n_jobs++] = enc * COPY_MAX_SEEDS + (size_t)k;
            rejected += found == CACHE_REJECTED;
        }
    }
    if (n_wanted == 0) return false;
    if (rejected) {   // never a silent miss: the runs those files stood for are trained again
        char sentence[4400];
        cache_rejected_sentence(sentence, sizeof sentence, rejected, x->cache_dir);
        chapter_say(ch, "%s.\n", sentence);
    }
    // What the cache served, what is trained and how fast are --verbose details: the
    // evidence is the same whichever it was, and the chapter's lesson states the runs
    // its evidence rests on (their number, seeds and steps).
    if (x->from_cache)
        chapter_detail(ch, _("%zu of the %zu runs read from the cache (%s; --retrain trains them again).\n"),
                    x->from_cache, x->from_cache + n_jobs, x->cache_dir);
    if (n_jobs == 0) {
        progress_skip(x->from_cache);   // (counted by a progress around this one, chapter 9's sweep's)
        x->wall_seconds = 0.0;
        summarise_wanted(ch, x, wanted);
        return true;
    }
    if (threads > n_jobs) threads = n_jobs;   // parallel_for starts no more threads than jobs
    if (x->from_cache)
        chapter_detail(ch, "Training the other %zu model%s (%ld steps each) on %zu thread%s ...\n", n_jobs,
                    n_jobs == 1 ? "" : "s", x->config.steps, threads, threads == 1 ? "" : "s");
    else
        chapter_detail(ch, "Training %zu model%s (%ld seed%s per encoding, %ld steps each) on %zu thread%s ...\n",
                    n_jobs, n_jobs == 1 ? "" : "s", x->seeds, x->seeds == 1 ? "" : "s", x->config.steps, threads,
                    threads == 1 ? "" : "s");
    chapter_detail(ch, "(one layer, so every score is read from small tables indexed by tokens and positions,\n"
                       "chapter 5's four terms: common/model/tiny_model.h; CBLAS: %s, kernels %s)\n",
                   build_cblas_name(), parallel_blas_core());
    fflush(stdout);
    // On a terminal, the runs done of all (those read from the cache count as done) as they train
    // (common/base/progress.h): steps + 1 steps each, the training steps and the test.
    progress_start(ch->program, ch->quiet, PROGRESS_RUNS, n_jobs + x->from_cache, (uint64_t)x->config.steps + 1);
    progress_skip(x->from_cache);
    double start = wallclock_seconds();
    chapter_check(ch, parallel_for(n_jobs, threads, train_job, &tj), "starting training threads");
    x->wall_seconds = wallclock_seconds() - start;
    progress_end();
    for (size_t j = 0; j < n_jobs; j++) {   // a diverged run stops the chapter before anything is kept
        size_t enc = tj.jobs[j] / COPY_MAX_SEEDS, k = tj.jobs[j] % COPY_MAX_SEEDS;
        const CopyRun *r = &x->runs[enc][k];
        if (r->status != COPY_DIVERGED) continue;
        long step = copy_run_diverged_step(r, x->config.steps);
        char what[160];
        if (step >= 0)
            snprintf(what, sizeof what, "the loss of the %s model, seed %lu, became %s at step %ld of %ld",
                     x->labels[enc], x->config.seed + (unsigned long)k, isnan(r->loss[step]) ? "NaN" : "inf", step + 1,
                     x->config.steps);
        else
            snprintf(what, sizeof what, "the parameters of the %s model, seed %lu, stopped being finite by step %ld",
                     x->labels[enc], x->config.seed + (unsigned long)k, x->config.steps);
        exit(chapter_diverged(ch, x->lr_option, x->config.lr, COPY_DEFAULT_LR, what));
    }
    double train_sum = 0.0, eval_sum = 0.0;
    for (size_t j = 0; j < n_jobs; j++) {
        const CopyRun *r = &x->runs[tj.jobs[j] / COPY_MAX_SEEDS][tj.jobs[j] % COPY_MAX_SEEDS];
        chapter_check(ch, r->status, "training a model");
        train_sum += r->train_seconds;
        eval_sum += r->eval_seconds;
    }
    if (x->cache_dir)
        for (size_t j = 0; j < n_jobs; j++) run_cache_save(ch, x, tj.jobs[j] / COPY_MAX_SEEDS, (long)(tj.jobs[j] % COPY_MAX_SEEDS));
    summarise_wanted(ch, x, wanted);
    chapter_detail(ch, "... done in %.1f s.\n", x->wall_seconds);
    chapter_detail(ch, "(%.0f training steps/s per thread; of the runs' %.1f s in all, %.1f s testing)\n",
                   (double)n_jobs * (double)x->config.steps / train_sum, train_sum + eval_sum, eval_sum);
    return true;
}

void copy_experiment_free(CopyExperiment *x) {
    for (size_t enc = 0; enc < x->n_encodings; enc++)
        for (long k = 0; k < COPY_MAX_SEEDS; k++) copy_run_free(&x->runs[enc][k]);
}

// ---- output -------------------------------------------------------------------

void copy_experiment_write_accuracy(Chapter *ch, const CopyExperiment *x, const char *name) {
    char header[64 + 3 * 64 * COPY_MAX_ENCODINGS] = "position";
    for (size_t enc = 0; enc < x->n_encodings; enc++) {
        size_t used = strlen(header);
        const char *c = x->columns[enc];
        snprintf(header + used, sizeof header - used, " %s_mean %s_min %s_max", c, c, c);
    }
    DataFile file, *f = &file;
    chapter_data_open(ch, f, name, header);
    size_t n = (size_t)x->seeds;
    for (size_t t = 1; t < x->config.eval_len; t++) {
        datafile_printf(f, "%zu", t);
        for (size_t enc = 0; enc < x->n_encodings; enc++) {
            if (!x->trained[enc]) {
                datafile_printf(f, " NaN NaN NaN");
                continue;
            }
            double acc[COPY_MAX_SEEDS], lo, hi;
            for (size_t k = 0; k < n; k++) acc[k] = x->runs[enc][k].accuracy[t];
            gsl_stats_minmax(&lo, &hi, acc, 1, n);
            datafile_printf(f, " %.6g %.6g %.6g", gsl_stats_mean(acc, 1, n), lo, hi);
        }
        datafile_printf(f, "\n");
    }
    chapter_data_close(ch, f);
}

void copy_experiment_write_summary(Chapter *ch, const CopyExperiment *x, const char *name) {
    size_t factor = x->config.eval_len / x->config.train_len;
    char header[256 + 24 * COPY_MAX_EVAL_FACTOR] =
        "encoding train_len_mean train_len_sd in_range_mean in_range_sd beyond_mean beyond_sd";
    for (size_t b = 1; b < factor; b++) {
        size_t used = strlen(header);
        snprintf(header + used, sizeof header - used, " bucket%zu_mean", b);
    }
    DataFile file, *f = &file;
    chapter_data_open(ch, f, name, header);
    for (size_t enc = 0; enc < x->n_encodings; enc++) {
        datafile_printf(f, "%s", x->columns[enc]);
        const CopySummary *s = &x->summary[enc];
        if (!x->trained[enc]) {
            for (size_t i = 0; i < 6 + factor - 1; i++) datafile_printf(f, " NaN");
        } else {
            datafile_printf(f, " %.6g %.6g %.6g %.6g %.6g %.6g", s->train_len.mean, s->train_len.sd, s->in_range.mean,
                            s->in_range.sd, s->beyond.mean, s->beyond.sd);
            for (size_t b = 1; b < factor; b++) datafile_printf(f, " %.6g", s->bucket[b].mean);
        }
        datafile_printf(f, "\n");
    }
    chapter_data_close(ch, f);
}
