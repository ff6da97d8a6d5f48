// copy_task.c: see copy_task.h.
#include "model/copy_task.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/progress.h"
#include "base/random.h"
#include "base/wallclock.h"
#include "model/adam.h"

unsigned long copy_stream_seed(unsigned long seed, unsigned stream) {
    // splitmix64 of (seed, stream), kept to 32 bits (mt19937 uses 32 bits of its seed)
    unsigned long long z = (unsigned long long)seed * 4ull + stream + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (unsigned long)(z & 0xffffffffull);
}

const char *const COPY_TASK_NAMES[COPY_N_TASKS] = {"previous", "next", "first"};

bool copy_task_has_target(const CopyTask *task, size_t t, size_t T) {
    switch (task->kind) {
        case COPY_TASK_PREVIOUS: return t >= task->k && t < T;
        case COPY_TASK_NEXT: return t + 1 < T;
        case COPY_TASK_FIRST: return t >= 1 && t < T;
        default: return false;
    }
}

size_t copy_task_source(const CopyTask *task, size_t t) {
    switch (task->kind) {
        case COPY_TASK_PREVIOUS: return t - task->k;
        case COPY_TASK_NEXT: return t + 1;
        default: return 0;
    }
}

void copy_task_label(const CopyTask *task, char *out, size_t size) {
    if (task->kind == COPY_TASK_PREVIOUS) snprintf(out, size, "previous (k = %zu)", task->k);
    else snprintf(out, size, "%s", task->kind < COPY_N_TASKS ? COPY_TASK_NAMES[task->kind] : "?");
}

void copy_task_fill(TinyActs *a, size_t vocab, const CopyTask *task, const gsl_rng *rng) {
    size_t with_target = 0;
    for (size_t t = 0; t < a->T; t++) with_target += copy_task_has_target(task, t, a->T);
    double w = with_target ? 1.0 / (double)(a->B * with_target) : 0.0;
    // Which positions have a target does not depend on the sequence: the first
    // sequence's weights are worked out, the others copy them.
    double *weights = a->weights->data;   // (N,) contiguous: allocated by tiny_acts_new
    for (size_t t = 0; t < a->T; t++) weights[t] = copy_task_has_target(task, t, a->T) ? w : 0.0;
    for (size_t b = 0; b < a->B; b++) {
        size_t *tokens = a->tokens + b * a->T, *targets = a->targets + b * a->T;
        for (size_t t = 0; t < a->T; t++) tokens[t] = gsl_rng_uniform_int(rng, vocab);
        for (size_t t = 0; t < a->T; t++) targets[t] = weights[t] != 0.0 ? tokens[copy_task_source(task, t)] : 0;
        if (b > 0) memcpy(weights + b * a->T, weights, a->T * sizeof *weights);
    }
}

double copy_task_blind_bound(const CopyTask *task, bool causal, size_t vocab, size_t T, const gsl_rng *rng,
                             long n_seqs, double *per_position) {
    size_t *tokens = malloc(T * sizeof *tokens);
    long *count = calloc(vocab, sizeof *count);
    double *sum_at = calloc(T, sizeof *sum_at);
    double sum = 0.0, n_terms = 0.0;
    if (tokens == NULL || count == NULL || sum_at == NULL) {
        free(tokens), free(count), free(sum_at);
        return NAN;
    }
    for (long n = 0; n < n_seqs; n++) {
        memset(count, 0, vocab * sizeof *count);
        for (size_t t = 0; t < T; t++) tokens[t] = gsl_rng_uniform_int(rng, (unsigned long)vocab);
        if (!causal)
            for (size_t t = 0; t < T; t++) count[tokens[t]]++;
        for (size_t t = 0; t < T; t++) {
            // causal: count holds the tokens at 0..t-1 here, the visible others of t
            if (copy_task_has_target(task, t, T)) {
                double p;
                if (causal && copy_task_source(task, t) >= t) {
                    p = 1.0 / (double)vocab;   // the source is hidden by the mask
                } else {
                    if (!causal) count[tokens[t]]--;
                    long best = 0;
                    for (size_t v = 0; v < vocab; v++) best = count[v] > best ? count[v] : best;
                    if (!causal) count[tokens[t]]++;
                    p = (double)best / (double)(causal ? t : T - 1);
                }
                sum += p;
                sum_at[t] += p;
                n_terms += 1.0;
            }
            if (causal) count[tokens[t]]++;
        }
    }
    if (per_position)
        for (size_t t = 0; t < T; t++)
            per_position[t] = copy_task_has_target(task, t, T) ? sum_at[t] / (double)n_seqs : NAN;
    free(tokens), free(count), free(sum_at);
    return sum / n_terms;
}

void copy_task_batch(TinyActs *a, size_t vocab, const gsl_rng *rng) {
    copy_task_fill(a, vocab, &(CopyTask){COPY_TASK_PREVIOUS, 1}, rng);
}

static double *copy_of(const double *x, size_t n) {
    double *y = malloc((n > 0 ? n : 1) * sizeof *y);
    if (y && n) memcpy(y, x, n * sizeof *y);
    return y;
}

// Accuracy of the argmax prediction at each position of eval_seqs fresh
// sequences of length T: accuracy (T,), NAN at position 0 (no target).
// A forward pass keeps several (B*T, V+T) matrices (tiny_model.h), so long
// test sequences go through in smaller chunks: at most cfg->eval_chunk
// sequences and at most EVAL_CHUNK_ROWS query rows a pass. The rows' bound
// keeps a pass's matrices near a core's cache, as a training batch's are
// (64 x 32 = 2048 rows): at chapter 6's test length 128, 8 sequences a
// pass (1 MB of attention weights) tested 1.45 times as fast as 25 (3.3 MB;
// the medians of 5 alternating runs, 2026-12-05). Each row's numbers do not
// depend on the chunk (the same bits at 25, 12, 8 and 5, every encoding), so
// neither do the accuracies. EVAL_CHUNK_NUMBERS (32 MB a matrix) still bounds
// the longest sequences, whose single rows are longer than the cache.
#define EVAL_CHUNK_ROWS ((size_t)1024)
#define EVAL_CHUNK_NUMBERS ((size_t)1 << 22)
static size_t eval_chunk_for(const CopyConfig *cfg, size_t T) {
    size_t chunk = cfg->eval_chunk < cfg->eval_seqs ? cfg->eval_chunk : cfg->eval_seqs;
    size_t fits = EVAL_CHUNK_NUMBERS / (T * (T + cfg->vocab)), rows = EVAL_CHUNK_ROWS / T;
    if (rows < fits) fits = rows;
    return chunk > fits ? (fits > 0 ? fits : 1) : chunk;
}

size_t copy_run_result_bytes(const CopyConfig *cfg) {
    // loss (steps+1), accuracy (T) and (L), the encoding's table (at most (T, d)) and
    // E (V, d), before and after
    size_t V = cfg->vocab, d = cfg->d, L = cfg->train_len, T = cfg->eval_len;
    return ((size_t)cfg->steps + 1 + T + L + 2 * T * d + 2 * V * d) * sizeof(double);
}

size_t copy_run_bytes(const CopyConfig *cfg, bool rotary) {
    size_t V = cfg->vocab, d = cfg->d, L = cfg->train_len, T = cfg->eval_len;
    // Parameters: E (V,d), W_QKV (d,3d) + b, W_O (d,d) + b, W_U (d,V) + b, and
    // at most a learned (T, d) table; times 4 for the gradients and Adam's two moments.
    size_t params = V * d + 3 * d * d + 3 * d + d * d + d + d * V + V + T * d;
    size_t bytes = 4 * params * sizeof(double);
    bytes += tiny_acts_bytes(V, d, cfg->batch, L, rotary);            // training, kept during evaluation
    bytes += tiny_acts_bytes(V, d, eval_chunk_for(cfg, T), T, rotary);  // the evaluation's chunk
    return bytes + copy_run_result_bytes(cfg);
}

double copy_runs_bytes(const CopyConfig *cfg, size_t runs, size_t round, size_t threads) {
    size_t at_once = threads < round ? threads : round;
    if (at_once > runs) at_once = runs;
    return (double)at_once * (double)copy_run_bytes(cfg, true) +
           (double)(runs - at_once) * (double)copy_run_result_bytes(cfg);
}

// Buffers for B sequences of length T, computing the value products as the
// configuration says (tiny_model.h, 5.). NULL when out of memory.
static TinyActs *acts_new(const CopyConfig *cfg, const TinyModel *m, size_t B, size_t T) {
    TinyActs *a = tiny_acts_new(m, B, T);
    if (a) a->float32_values = cfg->float32_values;
    return a;
}

static int evaluate(const CopyConfig *cfg, const TinyModel *m, const gsl_rng *rng, size_t T, double *accuracy) {
    size_t chunk = eval_chunk_for(cfg, T);
    TinyActs *a = acts_new(cfg, m, chunk, T);
    long *correct = calloc(T, sizeof *correct);
    if (a == NULL || correct == NULL) {
        tiny_acts_free(a);
        free(correct);
        return GSL_ENOMEM;
    }
    int status = GSL_SUCCESS;
    size_t done = 0;
    while (done < cfg->eval_seqs && status == GSL_SUCCESS) {
        if (cfg->eval_seqs - done < a->B) {   // a last, shorter chunk gets buffers of its own size
            tiny_acts_free(a);
            a = acts_new(cfg, m, cfg->eval_seqs - done, T);
            if (a == NULL) {
                status = GSL_ENOMEM;
                break;
            }
        }
        copy_task_fill(a, cfg->vocab, &cfg->task, rng);
        status = tiny_forward(m, a);
        for (size_t n = 0; n < a->N && status == GSL_SUCCESS; n++) {
            size_t t = n % a->T;
            if (gsl_vector_get(a->weights, n) == 0.0) continue;
            gsl_vector_const_view row = gsl_matrix_const_row(a->logits, n);
            if (gsl_vector_max_index(&row.vector) == a->targets[n]) correct[t]++;
        }
        done += a->B;
    }
    for (size_t t = 0; t < T; t++)
        accuracy[t] = copy_task_has_target(&cfg->task, t, T) ? (double)correct[t] / (double)cfg->eval_seqs : NAN;
    free(correct);
    tiny_acts_free(a);
    return status;
}

// Whether every parameter of the model is finite.
static bool params_finite(const TinyModel *m) {
    for (size_t i = 0; i < m->n_params; i++)
        if (!isfinite(m->params[i])) return false;
    return true;
}

// 'steps' Adam steps on fresh batches from 'data': the training loop of a run
// and of the benchmark. loss (steps,) gets each step's loss before its update
// (NULL: not kept). Returns the first failing GSL status, or GSL_SUCCESS;
// COPY_DIVERGED, at once, for a step whose loss is not finite (checked every
// step: the loss is computed anyway, and a parameter that stopped being finite
// makes the next step's loss so), or when a parameter is not finite after the
// last update, the one no loss has seen (checked once).
static int train(TinyModel *m, TinyActs *a, Adam *adam, size_t vocab, const CopyTask *task, const gsl_rng *data,
                 long steps, double *loss) {
    int status = GSL_SUCCESS;
    for (long step = 0; step < steps && status == GSL_SUCCESS; step++) {
        copy_task_fill(a, vocab, task, data);
        tiny_zero_grads(m);
        status = tiny_forward(m, a);
        if (status == GSL_SUCCESS) status = tiny_backward(m, a);
        if (loss) loss[step] = a->loss;
        if (status == GSL_SUCCESS && !isfinite(a->loss)) return COPY_DIVERGED;
        adam_step(adam, m->params, m->grads);
        progress_advance(1);   // the terminal's progress line (common/base/progress.h), if any
    }
    if (status == GSL_SUCCESS && !params_finite(m)) status = COPY_DIVERGED;
    return status;
}

long copy_run_diverged_step(const CopyRun *run, long steps) {
    for (long step = 0; run->loss && step < steps; step++)
        if (!isfinite(run->loss[step])) return step;
    return -1;
}

int copy_run(const CopyConfig *cfg, PosEncodingMaker make_encoding, CopyRun *run) {
    memset(run, 0, sizeof *run);
    run->status = GSL_ENOMEM;
    PosEncoding *pe = make_encoding(cfg->d, cfg->eval_len);
    TinyModel *m = pe ? tiny_model_new(cfg->vocab, pe) : NULL;
    if (m) m->causal = cfg->causal;
    TinyActs *a = m ? acts_new(cfg, m, cfg->batch, cfg->train_len) : NULL;
    Adam *adam = m ? adam_new(m->n_params, cfg->lr, cfg->beta1, cfg->beta2, cfg->eps) : NULL;
    gsl_rng *data = random_new(copy_stream_seed(cfg->seed, 0)), *init = random_new(copy_stream_seed(cfg->seed, 1));
    gsl_rng *pe_rng = random_new(copy_stream_seed(cfg->seed, 2)), *eval = random_new(copy_stream_seed(cfg->seed, 3));
    gsl_rng *eval_short = random_new(copy_stream_seed(cfg->seed, 4));
    if (a && adam) {
        tiny_model_init(m, init, pe_rng);
        size_t VD = cfg->vocab * cfg->d;
        run->n_params = m->n_params;
        run->n_pe = pe->n_params;
        run->loss = calloc((size_t)cfg->steps + 1, sizeof *run->loss);
        run->accuracy = calloc(cfg->eval_len, sizeof *run->accuracy);
        run->accuracy_train_len = calloc(cfg->train_len, sizeof *run->accuracy_train_len);
        run->pe_initial = copy_of(m->p.pe, pe->n_params);
        run->E_initial = copy_of(m->p.E.matrix.data, VD);
        if (run->loss && run->accuracy && run->accuracy_train_len && run->pe_initial && run->E_initial) {
            double start = wallclock_seconds();
            run->status = train(m, a, adam, cfg->vocab, &cfg->task, data, cfg->steps, run->loss);
            run->train_seconds = wallclock_seconds() - start;
            start = wallclock_seconds();
            if (run->status == GSL_SUCCESS) run->status = evaluate(cfg, m, eval, cfg->eval_len, run->accuracy);
            if (run->status == GSL_SUCCESS)
                run->status = evaluate(cfg, m, eval_short, cfg->train_len, run->accuracy_train_len);
            run->eval_seconds = wallclock_seconds() - start;
            for (size_t i = 0; i < COPY_PROBE_VALUES; i++) run->probe[i] = NAN;
            if (run->status == GSL_SUCCESS && cfg->probe) cfg->probe(m, cfg, run->probe);
            run->pe_final = copy_of(m->p.pe, pe->n_params);
            run->E_final = copy_of(m->p.E.matrix.data, VD);
            if (!run->pe_final || !run->E_final) run->status = GSL_ENOMEM;
        }
    }
    random_free(data);
    random_free(init);
    random_free(pe_rng);
    random_free(eval);
    random_free(eval_short);
    adam_free(adam);
    tiny_acts_free(a);
    tiny_model_free(m);
    posenc_free(pe);
    return run->status;
}

// A run's arrays, in the order copy_run_write keeps them, with their lengths
// under cfg (all 0 without one: for freeing).
typedef struct {
    double **array;
    size_t n;
} RunArray;
enum { RUN_ARRAYS = 7 };

static void run_arrays(CopyRun *r, const CopyConfig *cfg, RunArray *a) {
    size_t VD = cfg ? cfg->vocab * cfg->d : 0, n_pe = cfg ? r->n_pe : 0;
    a[0] = (RunArray){&r->loss, cfg ? (size_t)cfg->steps + 1 : 0};
    a[1] = (RunArray){&r->accuracy, cfg ? cfg->eval_len : 0};
    a[2] = (RunArray){&r->accuracy_train_len, cfg ? cfg->train_len : 0};
    a[3] = (RunArray){&r->pe_initial, n_pe};
    a[4] = (RunArray){&r->pe_final, n_pe};
    a[5] = (RunArray){&r->E_initial, VD};
    a[6] = (RunArray){&r->E_final, VD};
}

void copy_run_free(CopyRun *run) {
    RunArray a[RUN_ARRAYS];
    run_arrays(run, NULL, a);
    for (size_t i = 0; i < RUN_ARRAYS; i++) free(*a[i].array);
    memset(run, 0, sizeof *run);
}

bool copy_run_write(FILE *fp, const CopyRun *run, const CopyConfig *cfg) {
    uint64_t counts[2] = {run->n_params, run->n_pe};
    double numbers[COPY_PROBE_VALUES + 2];
    memcpy(numbers, run->probe, sizeof run->probe);
    numbers[COPY_PROBE_VALUES] = run->train_seconds;
    numbers[COPY_PROBE_VALUES + 1] = run->eval_seconds;
    bool ok = fwrite(counts, sizeof counts, 1, fp) == 1 && fwrite(numbers, sizeof numbers, 1, fp) == 1;
    RunArray a[RUN_ARRAYS];
    run_arrays((CopyRun *)run, cfg, a);   // (only read through)
    for (size_t i = 0; i < RUN_ARRAYS && ok; i++) ok = fwrite(*a[i].array, sizeof(double), a[i].n, fp) == a[i].n;
    return ok;
}

// Whether accuracy (T,) is what evaluate writes for cfg's task: NAN exactly
// where position t has no target, a fraction in [0, 1] everywhere else.
static bool accuracy_valid(const CopyConfig *cfg, const double *accuracy, size_t T) {
    for (size_t t = 0; t < T; t++) {
        bool has = copy_task_has_target(&cfg->task, t, T);
        if (has ? !(accuracy[t] >= 0.0 && accuracy[t] <= 1.0) : !isnan(accuracy[t])) return false;
    }
    return true;
}

// Whether every number a run read back holds could have come from copy_run:
// its loss, encoding and embeddings finite, its accuracies as accuracy_valid,
// its probe values finite or NAN (no value), its timings finite and >= 0.
static bool run_values_valid(const CopyRun *r, const CopyConfig *cfg) {
    RunArray a[RUN_ARRAYS];
    run_arrays((CopyRun *)r, cfg, a);   // (only read through)
    for (size_t i = 0; i < RUN_ARRAYS; i++) {
        if (*a[i].array == r->accuracy || *a[i].array == r->accuracy_train_len) continue;
        for (size_t j = 0; j < a[i].n; j++)
            if (!isfinite((*a[i].array)[j])) return false;
    }
    for (size_t i = 0; i < COPY_PROBE_VALUES; i++)
        if (isinf(r->probe[i])) return false;
    return accuracy_valid(cfg, r->accuracy, cfg->eval_len) &&
           accuracy_valid(cfg, r->accuracy_train_len, cfg->train_len) && isfinite(r->train_seconds) &&
           r->train_seconds >= 0.0 && isfinite(r->eval_seconds) && r->eval_seconds >= 0.0;
}

bool copy_run_read(FILE *fp, const CopyConfig *cfg, CopyRun *run) {
    memset(run, 0, sizeof *run);
    uint64_t counts[2];   // n_params, n_pe
    double numbers[COPY_PROBE_VALUES + 2];
    bool ok = fread(counts, sizeof counts, 1, fp) == 1 && fread(numbers, sizeof numbers, 1, fp) == 1 &&
              counts[1] <= counts[0] && counts[0] <= ((uint64_t)1 << 26);
    if (ok) {
        run->n_params = (size_t)counts[0];
        run->n_pe = (size_t)counts[1];
        memcpy(run->probe, numbers, sizeof run->probe);
        run->train_seconds = numbers[COPY_PROBE_VALUES];
        run->eval_seconds = numbers[COPY_PROBE_VALUES + 1];
        RunArray a[RUN_ARRAYS];
        run_arrays(run, cfg, a);
        for (size_t i = 0; i < RUN_ARRAYS && ok; i++) {
            *a[i].array = malloc((a[i].n ? a[i].n : 1) * sizeof(double));
            ok = *a[i].array != NULL && fread(*a[i].array, sizeof(double), a[i].n, fp) == a[i].n;
        }
        ok = ok && run_values_valid(run, cfg);
    }
    if (!ok) copy_run_free(run);
    else run->status = GSL_SUCCESS;
    return ok;
}

double copy_time_training(const CopyConfig *cfg, PosEncodingMaker make_encoding, long steps) {
    PosEncoding *pe = make_encoding(cfg->d, cfg->eval_len);
    TinyModel *m = pe ? tiny_model_new(cfg->vocab, pe) : NULL;
    if (m) m->causal = cfg->causal;
    TinyActs *a = m ? acts_new(cfg, m, cfg->batch, cfg->train_len) : NULL;
    Adam *adam = m ? adam_new(m->n_params, cfg->lr, cfg->beta1, cfg->beta2, cfg->eps) : NULL;
    gsl_rng *data = random_new(copy_stream_seed(cfg->seed, 0)), *init = random_new(copy_stream_seed(cfg->seed, 1));
    double seconds = -1.0;
    if (a && adam) {
        tiny_model_init(m, init, init);
        double start = wallclock_seconds();
        if (train(m, a, adam, cfg->vocab, &cfg->task, data, steps, NULL) == GSL_SUCCESS) seconds = wallclock_seconds() - start;
    }
    random_free(data);
    random_free(init);
    adam_free(adam);
    tiny_acts_free(a);
    tiny_model_free(m);
    posenc_free(pe);
    return seconds;
}
