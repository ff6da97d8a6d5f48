// bench_ch06.c: how fast chapter 6 trains (a benchmark, never a test).
//
// Prints, for the chapter's default configuration (copy_config_default in
// common/copy_experiment.h: V 16, d 32, L_train 32, batch 64, Adam, the
// sinusoidal encoding), each as the median (and best) of 5 rounds, the
// machine being shared:
//   1. training steps per second on one thread (one model at a time), ours
//      and the PyTorch reference, and the ratio ours/reference of the medians;
//      then ours with RoPE, which takes the model's rotary path (no reference),
//   2. training steps per second with two models at once (the way the
//      chapter runs its seeds: total steps / wall time), ours on two threads
//      and the reference as two processes of one thread each, and the ratio,
//   3. the wall time of the full experiment: the chapter's 6 encodings x 5
//      seeds, 2000 steps each, trained and evaluated on 1000 sequences of
//      length 128, on --threads threads (2 by default).
// The load average (uptime) is printed at the start and at the end.
//
// The reference is bench/reference_ch06.py: the same model, initialisation,
// task and Adam step in PyTorch, float32, one thread (torch.set_num_threads(1)),
// run by /usr/bin/python3 with Debian's python3-torch. It is a benchmark
// helper only, never a dependency of the workbook. Each round runs ours, then
// the reference, back to back (ours, reference, ours, reference, ...), so a
// change in the machine's load hits both alike; the reference times its steps
// after importing torch, building its model and 5 warm-up steps (ours times
// its steps after building its model), batch generation included on both
// sides. Its two-process figure is taken between barriers inside the script
// (both processes start timing together; total steps / wall time from the
// first start to the last finish). Without torch the benchmark says so and
// prints our figures alone.
//
// Goals: one training step on one thread at least 4x as fast as the PyTorch
// float32 reference (ours/reference >= 4 in part 1), and chapter 6's full
// experiment in at most 10 s on two cores (the length-generalisation lab's goals).
//
// Run:  bench_ch06 [steps] [threads] [--no-full]   (defaults 300 and 2;
//       --no-full skips part 3)
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "build_info.h"
#include "copy_experiment.h"
#include "copy_task.h"
#include "parallel.h"
#include "wallclock.h"

// CMakeLists.txt passes the source tree's path to this program.
#ifndef WORKBOOK_SOURCE_DIR
#define WORKBOOK_SOURCE_DIR "."
#endif
#define REFERENCE_SCRIPT WORKBOOK_SOURCE_DIR "/bench/reference_ch06.py"
#ifndef REFERENCE_PYTHON
#define REFERENCE_PYTHON "/usr/bin/python3"   // Debian's, where python3-torch installs (not a pyenv one on PATH)
#endif

enum { REPEATS = 5 };
#define FULL_GOAL_SECONDS 10.0   // chapter 6's default experiment on two cores

typedef struct {
    long steps;
    double seconds[REPEATS];   // job i writes seconds[i] (REPEATS >= 2, the two-thread round)
} TimingJobs;

static void timing_job(size_t i, void *context) {
    TimingJobs *t = context;
    CopyConfig cfg = copy_config_default(1000 + i);
    t->seconds[i] = copy_time_training(&cfg, posenc_sinusoidal, t->steps);
}

static int by_value(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

// The load average as uptime prints it ("load average: 1.00, 0.50, 0.25"), or /proc/loadavg's.
static void print_load(const char *when) {
    char line[256] = "";
    FILE *p = popen("uptime 2>/dev/null", "r");
    if (p) {
        if (fgets(line, sizeof line, p) == NULL) line[0] = '\0';
        pclose(p);
    }
    const char *load = strstr(line, "load average");
    if (load == NULL) {
        FILE *f = fopen("/proc/loadavg", "r");
        line[0] = '\0';
        if (f) {
            if (fgets(line, sizeof line, f) == NULL) line[0] = '\0';
            fclose(f);
        }
        load = line[0] ? line : "unknown\n";
        printf("load average at the %s (/proc/loadavg): %s", when, load);
    } else {
        printf("load average at the %s: %s", when, load + strlen("load average: "));
    }
    fflush(stdout);
}

// Whether the reference can run: /usr/bin/python3 imports torch (its version into
// 'version', else "") and the script is there.
static bool reference_available(char *version, size_t size) {
    version[0] = '\0';
    FILE *p = popen(REFERENCE_PYTHON " -c 'import torch; print(torch.__version__)' 2> /dev/null", "r");
    if (p == NULL) return false;
    if (fgets(version, (int)size, p) == NULL) version[0] = '\0';
    if (pclose(p) != 0) version[0] = '\0';
    version[strcspn(version, "\n")] = '\0';
    return version[0] && strchr(REFERENCE_SCRIPT, '\'') == NULL && access(REFERENCE_SCRIPT, R_OK) == 0;
}

// After a failed reference run: say so once; the rest of the benchmark is ours only.
static bool reference_failed(void) {
    printf("PyTorch reference: a run failed (its message is above); our figures only from here on\n");
    fflush(stdout);
    return false;
}

// The reference's steps/s for 'steps' timed steps of 'processes' models at
// once (seeds seed, seed+1, ...), or NAN when it failed (its error is on stderr).
static double reference_rate(long steps, unsigned long seed, int processes) {
    char command[2048];
    snprintf(command, sizeof command, "'" REFERENCE_PYTHON "' '" REFERENCE_SCRIPT "' --steps %ld --seed %lu --processes %d",
             steps, seed, processes);
    FILE *p = popen(command, "r");
    if (p == NULL) return NAN;
    char line[256];
    double rate = NAN, loss = NAN;
    bool parsed = fgets(line, sizeof line, p) != NULL &&
                  sscanf(line, "steps_per_second %lf final_loss %lf", &rate, &loss) == 2;
    while (fgets(line, sizeof line, p) != NULL) parsed = false;   // one line, nothing else
    int status = pclose(p);
    return parsed && status == 0 && rate > 0.0 && isfinite(loss) ? rate : NAN;
}

// Up to two lines: our median and best of REPEATS rates, and the reference's
// with the ratio of the medians (ref NULL: ours only). Sorts the arrays.
// Returns the ratio ours/reference of the medians (NAN without ref).
static double report(const char *label, double *ours, double *ref, long steps, int models) {
    qsort(ours, REPEATS, sizeof *ours, by_value);
    printf("  %-30s ours    %6.0f training steps/s (median of %d runs of %d x %ld steps; best %.0f)\n", label,
           ours[REPEATS / 2], REPEATS, models, steps, ours[REPEATS - 1]);
    if (ref) {
        qsort(ref, REPEATS, sizeof *ref, by_value);
        printf("  %-30s PyTorch %6.0f training steps/s (median of %d runs of %d x %ld steps; best %.0f); "
               "ours/PyTorch %.2fx\n",
               "", ref[REPEATS / 2], REPEATS, models, steps, ref[REPEATS - 1], ours[REPEATS / 2] / ref[REPEATS / 2]);
    }
    fflush(stdout);
    return ref ? ours[REPEATS / 2] / ref[REPEATS / 2] : NAN;
}

enum { FULL_RUNS = COPY_N_ENCODINGS * COPY_DEFAULT_SEEDS };

typedef struct {
    CopyRun runs[FULL_RUNS];
} FullJobs;

// Run i: encoding i / seeds, seed 20170612 (the chapters' default) + i % seeds.
static void full_job(size_t i, void *context) {
    FullJobs *f = context;
    CopyConfig cfg = copy_config_default(20170612 + i % COPY_DEFAULT_SEEDS);
    copy_run(&cfg, COPY_ENCODING_MAKERS[i / COPY_DEFAULT_SEEDS], &f->runs[i]);
}

int main(int argc, char **argv) {
    long steps = argc > 1 ? atol(argv[1]) : 300;
    long threads = argc > 2 ? atol(argv[2]) : 2;
    bool full_run = !(argc > 3 && strcmp(argv[3], "--no-full") == 0);
    if (steps < 1 || threads < 1 || threads > 16) {
        fprintf(stderr, "usage: bench_ch06 [steps >= 1] [threads 1..16] [--no-full]\n");
        return 2;
    }
    parallel_blas_single_thread();
    printf("bench_ch06: CBLAS = %s (kernels %s), %zu processors online\n", build_cblas_name(), parallel_blas_core(), parallel_cpu_count());
    if (parallel_blas_hint()) printf("note: %s.\n", parallel_blas_hint());

    print_load("start");
    char torch_version[64];
    bool with_reference = reference_available(torch_version, sizeof torch_version);
    if (with_reference)
        printf("PyTorch reference: %s, torch %s under %s (float32, one thread per process)\n", REFERENCE_SCRIPT,
               torch_version, REFERENCE_PYTHON);
    else if (torch_version[0])
        printf("PyTorch reference: %s is missing; our figures only\n", REFERENCE_SCRIPT);
    else
        printf("PyTorch reference: not installed (apt-get install --no-install-recommends python3-torch); our figures only\n");
    fflush(stdout);

    // This machine is shared: each figure is the median of REPEATS runs (and the best of them),
    // and every round runs ours and then the reference, so that both see the same load.
    double ours[REPEATS], ref[REPEATS];
    for (size_t r = 0; r < REPEATS; r++) {
        TimingJobs one = {.steps = steps};
        timing_job(r, &one);
        ours[r] = steps / one.seconds[r];
        if (with_reference) ref[r] = reference_rate(steps, 1000 + r, 1);
        if (with_reference && isnan(ref[r])) with_reference = reference_failed();
    }
    double ratio = report("1 thread", ours, with_reference ? ref : NULL, steps, 1);
    // The same model with RoPE takes the rotary path (tiny_model.h, 4.); the reference has no RoPE.
    for (size_t r = 0; r < REPEATS; r++) {
        CopyConfig rope_cfg = copy_config_default(1000 + r);
        ours[r] = steps / copy_time_training(&rope_cfg, posenc_rope, steps);
    }
    report("1 thread, RoPE (rotary path)", ours, NULL, steps, 1);
    // Two models at once, as the chapter trains its seeds: total steps / wall time
    // (the reference: two processes of one thread each, timed by the script between barriers).
    for (size_t r = 0; r < REPEATS; r++) {
        TimingJobs two = {.steps = steps};
        double start = wallclock_seconds();
        parallel_for(2, 2, timing_job, &two);
        ours[r] = 2 * steps / (wallclock_seconds() - start);
        if (with_reference) ref[r] = reference_rate(steps, 1000, 2);
        if (with_reference && isnan(ref[r])) with_reference = reference_failed();
    }
    report("2 threads (2 models at once)", ours, with_reference ? ref : NULL, steps, 2);
    if (isnan(ratio))
        printf("  goal: one thread >= 4x the PyTorch reference: not measured (no reference)\n");
    else
        printf("  goal: one thread >= 4x the PyTorch reference: %.2fx, %s\n", ratio, ratio >= 4.0 ? "met" : "NOT met");
    fflush(stdout);
    if (!full_run) {
        print_load("end");
        return 0;
    }

    FullJobs *full = calloc(1, sizeof *full);
    if (full == NULL) return 1;
    double start = wallclock_seconds();
    parallel_for(FULL_RUNS, (size_t)threads, full_job, full);
    double wall = wallclock_seconds() - start;
    double train = 0.0, eval = 0.0;
    int status = 0;
    for (size_t i = 0; i < FULL_RUNS; i++) {
        train += full->runs[i].train_seconds;
        eval += full->runs[i].eval_seconds;
        status |= full->runs[i].status;
        copy_run_free(&full->runs[i]);
    }
    free(full);
    CopyConfig full_cfg = copy_config_default(0);
    printf("  full experiment (%d encodings x %d seeds, %ld steps, eval %zu x %zu) on %ld threads: %.1f s wall\n"
           "    (summed over runs: training %.1f s, evaluation %.1f s)%s\n",
           COPY_N_ENCODINGS, COPY_DEFAULT_SEEDS, full_cfg.steps, full_cfg.eval_seqs, full_cfg.eval_len, threads, wall,
           train, eval, status ? "  A RUN FAILED" : "");
    printf("  goal: full experiment <= %.0f s: %.1f s, %s\n", FULL_GOAL_SECONDS, wall,
           wall <= FULL_GOAL_SECONDS ? "met" : "NOT met");
    print_load("end");
    return status ? 1 : 0;
}
