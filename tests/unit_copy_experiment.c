// unit_copy_experiment.c: the summary statistics of common/run/copy_experiment.h
// on hand-made accuracy arrays (no training).
//
// Each expected value is a short sum or the sd of a few numbers computed by
// hand, so MEAN_TOL = 8*DBL_EPSILON of its size covers the rounding of a few
// additions and one division; min and max pick a stored number: tolerance 0.
// An sd is a difference of numbers up to ~17 times larger than itself (0.84
// and 0.05 below), so SD_TOL = 256*DBL_EPSILON leaves room for that loss.
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_test.h>
#include <math.h>
#include <string.h>

#include "run/copy_experiment.h"

static const double MEAN_TOL = 8 * DBL_EPSILON;
static const double SD_TOL = 256 * DBL_EPSILON;

enum { L = 4, FACTOR = 3, T = FACTOR * L, SEEDS = 3 };

int main(void) {
    gsl_set_error_handler_off();

    // Three seeds; accuracy[t] (T,) on length-T sequences and (L,) on length-L ones.
    // Position 0 has no target: NAN, never averaged.
    double acc[SEEDS][T], acc_L[SEEDS][L];
    for (size_t k = 0; k < SEEDS; k++) {
        for (size_t t = 0; t < T; t++) acc[k][t] = t == 0 ? NAN : 0.2385 * (double)(k + 1) + 0.01 * (double)t;
        for (size_t t = 0; t < L; t++) acc_L[k][t] = t == 0 ? NAN : 0.7413 + 0.05 * (double)k;
    }
    CopyRun runs[SEEDS] = {{0}};
    for (size_t k = 0; k < SEEDS; k++) runs[k].accuracy = acc[k], runs[k].accuracy_train_len = acc_L[k];

    CopySummary s;
    gsl_test(copy_summary_fill(&s, runs, SEEDS, L, T), "copy_summary_fill L=4 T=12 3 seeds");
    // in range: mean over t = 1..3 of 0.2385 (k+1) + 0.01 t = 0.2385 (k+1) + 0.02
    for (size_t k = 0; k < SEEDS; k++) {
        double want = 0.2385 * (double)(k + 1) + 0.02;
        gsl_test_rel(s.in_range.seed[k], want, MEAN_TOL, "in range, seed %zu", k);
        gsl_test_rel(s.train_len.seed[k], 0.7413 + 0.05 * (double)k, MEAN_TOL, "at length L, seed %zu", k);
        // beyond: t = 4..11, mean t = 7.5
        gsl_test_rel(s.beyond.seed[k], 0.2385 * (double)(k + 1) + 0.075, MEAN_TOL, "beyond, seed %zu", k);
        // bucket b: t = 4b..4b+3, mean t = 4b + 1.5
        for (size_t b = 1; b < FACTOR; b++)
            gsl_test_rel(s.bucket[b].seed[k], 0.2385 * (double)(k + 1) + 0.01 * (4.0 * (double)b + 1.5), MEAN_TOL,
                         "bucket %zu, seed %zu", b, k);
    }
    // Over seeds: the per-seed values are c + 0.2385 (k+1), k = 0,1,2: mean c + 0.477,
    // sample sd 0.2385, min c + 0.2385, max c + 0.7155.
    gsl_test_rel(s.in_range.mean, 0.02 + 0.477, MEAN_TOL, "in range: mean over seeds");
    gsl_test_rel(s.in_range.sd, 0.2385, SD_TOL, "in range: sd over seeds");
    gsl_test_abs(s.in_range.min, s.in_range.seed[0], 0.0, "in range: min is seed 0");
    gsl_test_abs(s.in_range.max, s.in_range.seed[2], 0.0, "in range: max is seed 2");
    gsl_test_rel(s.beyond.mean, 0.075 + 0.477, MEAN_TOL, "beyond: mean over seeds");
    gsl_test_rel(s.train_len.mean, 0.7913, MEAN_TOL, "at length L: mean over seeds");
    gsl_test_rel(s.train_len.sd, 0.05, SD_TOL, "at length L: sd over seeds");

    // One seed: sd 0, min = max = mean.
    CopySummary one;
    gsl_test(copy_summary_fill(&one, runs + 1, 1, L, T), "copy_summary_fill one seed");
    gsl_test_abs(one.beyond.sd, 0.0, 0.0, "one seed: sd 0");
    gsl_test_abs(one.beyond.min, one.beyond.mean, 0.0, "one seed: min = mean");
    gsl_test_abs(one.beyond.max, one.beyond.mean, 0.0, "one seed: max = mean");

    // Bad arguments.
    CopySeedStat stat;
    const double *rows[1] = {acc[0]};
    gsl_test(copy_seed_stat_fill(&stat, rows, 0, 1, L) != GSL_EINVAL, "no seeds: GSL_EINVAL");
    gsl_test(copy_seed_stat_fill(&stat, rows, COPY_MAX_SEEDS + 1, 1, L) != GSL_EINVAL, "too many seeds: GSL_EINVAL");
    gsl_test(copy_seed_stat_fill(&stat, rows, 1, 3, 3) != GSL_EINVAL, "empty range: GSL_EINVAL");
    gsl_test(copy_summary_fill(&s, runs, SEEDS, L, T + 1) != GSL_EINVAL, "T not a multiple of L: GSL_EINVAL");
    gsl_test(copy_summary_fill(&s, runs, SEEDS, L, L) != GSL_EINVAL, "T = L: GSL_EINVAL");
    gsl_test(copy_summary_fill(&s, runs, SEEDS, L, (COPY_MAX_EVAL_FACTOR + 1) * L) != GSL_EINVAL,
             "T/L above COPY_MAX_EVAL_FACTOR: GSL_EINVAL");
    gsl_test(copy_summary_fill(&s, runs, SEEDS, 1, T) != GSL_EINVAL, "L = 1: GSL_EINVAL");
    // The experiment's defaults and encodings, defined once (copy_experiment.h).
    CopyConfig c = copy_config_default(7);
    gsl_test(!(c.vocab == COPY_DEFAULT_VOCAB && c.d == COPY_DEFAULT_D && c.train_len == COPY_DEFAULT_TRAIN_LEN &&
               c.batch == COPY_DEFAULT_BATCH && c.steps == COPY_DEFAULT_STEPS && c.lr == COPY_DEFAULT_LR &&
               c.eval_seqs == COPY_DEFAULT_EVAL_SEQS && c.eval_chunk == COPY_EVAL_CHUNK && c.seed == 7 &&
               c.probe == NULL),
             "copy_config_default: the COPY_DEFAULT_* values, seed 7, no probe");
    gsl_test(c.eval_len != COPY_DEFAULT_EVAL_FACTOR * c.train_len, "copy_config_default: eval_len = factor x L_train");
    gsl_test((int)COPY_N_ENCODINGS > (int)COPY_MAX_ENCODINGS, "the six encodings fit an experiment");
    for (size_t enc = 0; enc < COPY_N_ENCODINGS; enc++) {
        PosEncoding *pe = COPY_ENCODING_MAKERS[enc](c.d, c.eval_len);
        gsl_test(pe == NULL, "encoding %s builds at the defaults", COPY_ENCODING_COLUMNS[enc]);
        posenc_free(pe);
        for (size_t other = 0; other < enc; other++)
            gsl_test(strcmp(COPY_ENCODING_COLUMNS[enc], COPY_ENCODING_COLUMNS[other]) == 0 ||
                         strcmp(COPY_ENCODING_LABELS[enc], COPY_ENCODING_LABELS[other]) == 0,
                     "encodings %zu and %zu have distinct names", enc, other);
    }
    return gsl_test_summary();
}
