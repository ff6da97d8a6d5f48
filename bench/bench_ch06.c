// bench_ch06.c: how fast chapter 6 trains, and the speed goals of the
// workbook (a benchmark, never a test).
//
// Prints, for the chapter's default configuration (copy_config_default in
// common/run/copy_experiment.h: V 16, d 32, L_train 32, batch 64, Adam, the
// sinusoidal encoding), each as the median (and best) of 5 rounds, the
// machine being shared:
//   1. training steps per second on one thread (one model at a time), ours
//      and the PyTorch reference, and the ratio ours/reference of the medians;
//      then ours with RoPE, which takes the model's rotary path (no reference),
//      and ours with every product in double (the value products too:
//      tiny_model.h, 5.), the path the tests check against finite differences,
//   2. training steps per second with two models at once (the way the
//      chapter runs its seeds: total steps / wall time), ours on two threads
//      and the reference as two processes of one thread each, and the ratio,
//   3. the wall time of the full experiment: the chapter's 6 encodings x 5
//      seeds, 2000 steps each, trained and evaluated on 1000 sequences of
//      length 128, on --threads threads (2 by default),
//   4. with --workbook: what a student waits for, each the wall time of the
//      command itself, run from the source tree into a fresh folder (so
//      nothing is cached: every chapter trains), once each:
//        WORKBOOK_OUT=DIR ./workbook                  the first full run after the build
//        WORKBOOK_OUT=DIR ./workbook ch06 --steps 700 a student changing one setting
//        WORKBOOK_OUT=DIR ./workbook ch09 --retrain   chapter 9's default sweep (147 runs)
//      (the release build is brought up to date first, untimed, so that
//      ./workbook builds nothing while it is timed).
// Last comes the goals table: every figure above that has a goal, the goal,
// the goal in seconds scaled by the reference measured in this run (G x 273 /
// the reference's steps/s on one thread, so that the goals travel with the
// machine; unscaled, and said so, without the reference), and whether it is
// met against the scaled goal. The load average (uptime) is printed at the
// start and at the end.
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
// Run:  bench_ch06 [steps] [threads] [--no-full] [--workbook]   (defaults 300
//       and 2; --no-full skips part 3, --workbook adds part 4, about 10 minutes)
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/heap.h"
#include "base/parallel.h"
#include "base/text_file.h"
#include "base/wallclock.h"
#include "model/copy_task.h"
#include "run/build_info.h"
#include "run/copy_experiment.h"
#include "run/run_data.h"

// CMakeLists.txt passes the source tree's path to this program.
#ifndef WORKBOOK_SOURCE_DIR
#define WORKBOOK_SOURCE_DIR "."
#endif
#define REFERENCE_SCRIPT WORKBOOK_SOURCE_DIR "/bench/reference_ch06.py"
#ifndef REFERENCE_PYTHON
#define REFERENCE_PYTHON "/usr/bin/python3"   // Debian's, where python3-torch installs (not a pyenv one on PATH)
#endif

enum { REPEATS = 5 };

// The speed goals (docs/ENGINEERING.md, "Speed"): a row of the goals table each.
// A goal in seconds travels with the machine: G seconds means G x 273 / (the
// reference's steps/s on one thread, measured in the same run), 273 being the
// reference's rate where the goals were set; without the reference the goals
// are taken as they are, and the table says they are unscaled.
#define STEP_GOAL_RATIO 6.0          // one training step, ours / the reference, one thread each: at least
#define FULL_GOAL_SECONDS 12.0       // chapter 6's default experiment on two cores: at most (scaled)
#define CH09_GOAL_SECONDS 30.0       // chapter 9's default sweep: at most (scaled)
#define STEPS700_GOAL_SECONDS 8.0    // ./workbook ch06 --steps 700: at most (scaled)
#define WORKBOOK_GOAL_SECONDS 90.0   // the first full ./workbook after the build: at most (scaled)
#define GOAL_REFERENCE_RATE 273.0    // the reference's steps/s (one thread) the seconds goals are stated at

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

// Part 3: the chapter's 30 runs on 'threads' threads; their wall time into *wall.
// Returns nonzero when a run failed.
static int full_experiment(long threads, double *wall) {
    FullJobs *full = calloc(1, sizeof *full);
    if (full == NULL) return 1;
    double start = wallclock_seconds();
    parallel_for(FULL_RUNS, (size_t)threads, full_job, full);
    *wall = wallclock_seconds() - start;
    double train = 0.0, eval = 0.0;
    int status = 0;
    for (size_t i = 0; i < FULL_RUNS; i++) {
        train += full->runs[i].train_seconds;
        eval += full->runs[i].eval_seconds;
        status |= full->runs[i].status;
        copy_run_free(&full->runs[i]);
    }
    free(full);
    CopyConfig cfg = copy_config_default(0);
    printf("  full experiment (%d encodings x %d seeds, %ld steps, eval %zu x %zu) on %ld threads: %.1f s wall\n"
           "    (summed over runs: training %.1f s, evaluation %.1f s)%s\n",
           COPY_N_ENCODINGS, COPY_DEFAULT_SEEDS, cfg.steps, cfg.eval_seqs, cfg.eval_len, threads, *wall, train, eval,
           status ? "  A RUN FAILED" : "");
    fflush(stdout);
    return status;
}

// Part 4: the wall time of "WORKBOOK_OUT=dir ./workbook ARGS" run in the source
// tree, its output into dir/log-N (NAN when it fails). Each chapter's run.tsv
// there has its own seconds, until the next command runs that chapter again.
static double time_workbook(const char *dir, const char *args) {
    static int n = 0;
    char command[2048];
    snprintf(command, sizeof command, "cd '%s' && WORKBOOK_OUT='%s' ./workbook %s > '%s/log-%d' 2>&1",
             WORKBOOK_SOURCE_DIR, dir, args, dir, ++n);
    double start = wallclock_seconds();
    int status = system(command);
    double wall = wallclock_seconds() - start;
    printf("  ./workbook %-28s %6.1f s%s\n", args, wall,
           status == 0 ? "" : "  FAILED (its output: log-N in the folder, kept)");
    fflush(stdout);
    return status == 0 ? wall : NAN;
}

// ./workbook builds first when a source file changed since the last build:
// bring the release build up to date now, untimed, so that the timed commands
// only run. False (its output in log-build in the folder) when the build fails.
static bool build_first(const char *dir) {
    char command[2048];
    snprintf(command, sizeof command, "cd '%s' && cmake --build --preset release > '%s/log-build' 2>&1",
             WORKBOOK_SOURCE_DIR, dir);
    return system(command) == 0;
}

// After the full run: each chapter's own seconds, as the driver recorded them
// (read by common/run/run_data.h, the one reader of a run): where the time went.
static void print_chapter_seconds(const char *dir) {
    char **names = NULL;
    size_t n = run_chapter_names(dir, &names);
    Run run;
    run_read(&run, dir, names, n, NULL, NULL);
    printf("    per chapter:");
    for (size_t i = 0; i < run.n; i++) {
        const RunChapter *c = &run.chapters[i];
        if (c->state == RUN_CHAPTER_DONE) printf(" %s %.1f s", c->name, c->seconds);
    }
    printf("\n");
    fflush(stdout);
    run_free(&run);
    names_free(names, n);
}

// A row of the goals table: a figure, its goal, and which side of it is good.
typedef struct {
    const char *what;
    double measured;             // NAN: not measured in this run
    double goal;
    bool at_least;               // the goal is a minimum (a ratio, not scaled), else a maximum (seconds, scaled)
    const char *unit;
} Goal;

// The table: each figure beside its goal and, for seconds, the goal scaled by
// the reference measured in this run (reference_rate: its median steps/s on
// one thread; NAN without it, and the goals are then taken unscaled); met or
// NOT met against the scaled goal.
static void print_goals(const Goal *goals, size_t n, double reference_rate) {
    bool scaled = isfinite(reference_rate) && reference_rate > 0.0;
    double scale = scaled ? GOAL_REFERENCE_RATE / reference_rate : 1.0;
    if (scaled)
        printf("goals (this run; seconds scaled by the reference: goal x %.0f / %.0f steps/s = goal x %.2f):\n",
               GOAL_REFERENCE_RATE, reference_rate, scale);
    else
        printf("goals (this run; no reference measured: the seconds goals are UNSCALED, as stated for a reference "
               "of %.0f steps/s):\n", GOAL_REFERENCE_RATE);
    printf("  %-55s %9s %10s %10s\n", "", "measured", "goal", "scaled");
    for (size_t i = 0; i < n; i++) {
        const Goal *g = &goals[i];
        double target = g->at_least ? g->goal : g->goal * scale;
        char measured[32], goal[32], scaled_goal[32];
        if (isnan(g->measured)) snprintf(measured, sizeof measured, "-");
        else snprintf(measured, sizeof measured, "%.*f%s", g->at_least ? 2 : 1, g->measured, g->unit);
        snprintf(goal, sizeof goal, "%s %.0f%s", g->at_least ? ">=" : "<=", g->goal, g->unit);
        if (g->at_least || !scaled) snprintf(scaled_goal, sizeof scaled_goal, "-");
        else snprintf(scaled_goal, sizeof scaled_goal, "<= %.1f%s", target, g->unit);
        const char *verdict = isnan(g->measured) ? "not measured"
                              : (g->at_least ? g->measured >= target : g->measured <= target) ? "met"
                                                                                           : "NOT met";
        printf("  %-55s %9s %10s %10s  %s\n", g->what, measured, goal, scaled_goal, verdict);
    }
    fflush(stdout);
}

int main(int argc, char **argv) {
    long steps = argc > 1 ? atol(argv[1]) : 300;
    long threads = argc > 2 ? atol(argv[2]) : 2;
    bool full_run = true, workbook_runs = false, bad = false;
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--no-full") == 0) full_run = false;
        else if (strcmp(argv[i], "--workbook") == 0) workbook_runs = true;
        else bad = true;
    }
    if (steps < 1 || threads < 1 || threads > 16 || bad) {
        fprintf(stderr, "usage: bench_ch06 [steps >= 1] [threads 1..16] [--no-full] [--workbook]\n");
        return 2;
    }
    parallel_blas_choose_kernels();  // BLIS's kernels on a processor it does not know (parallel.h)
    heap_keep_freed_memory();        // each run's buffers reuse the last run's pages (heap.h)
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
    double reference_one_thread = with_reference ? ref[REPEATS / 2] : NAN;   // (sorted by report) scales the goals
    // The same model with RoPE takes the rotary path (tiny_model.h, 4.); the reference has no RoPE.
    for (size_t r = 0; r < REPEATS; r++) {
        CopyConfig rope_cfg = copy_config_default(1000 + r);
        ours[r] = steps / copy_time_training(&rope_cfg, posenc_rope, steps);
    }
    report("1 thread, RoPE (rotary path)", ours, NULL, steps, 1);
    // The double path: the value products in double too (tiny_model.h, 5.), the reference the tests check.
    for (size_t r = 0; r < REPEATS; r++) {
        CopyConfig double_cfg = copy_config_default(1000 + r);
        double_cfg.float32_values = false;
        ours[r] = steps / copy_time_training(&double_cfg, posenc_sinusoidal, steps);
    }
    report("1 thread, all in double", ours, NULL, steps, 1);
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
    fflush(stdout);
    enum { GOAL_STEP, GOAL_FULL, GOAL_CH09, GOAL_STEPS700, GOAL_WORKBOOK, N_GOALS };
    Goal goals[N_GOALS] = {
        [GOAL_STEP] = {"one training step, ours / PyTorch (1 thread each)", ratio, STEP_GOAL_RATIO, true, "x"},
        [GOAL_FULL] = {"chapter 6's default experiment (30 runs, --threads)", NAN, FULL_GOAL_SECONDS, false, " s"},
        [GOAL_CH09] = {"chapter 9's default sweep (./workbook ch09 --retrain)", NAN, CH09_GOAL_SECONDS, false, " s"},
        [GOAL_STEPS700] = {"./workbook ch06 --steps 700", NAN, STEPS700_GOAL_SECONDS, false, " s"},
        [GOAL_WORKBOOK] = {"the first full ./workbook after the build", NAN, WORKBOOK_GOAL_SECONDS, false, " s"},
    };
    int status = 0;
    if (full_run) status = full_experiment(threads, &goals[GOAL_FULL].measured);
    if (workbook_runs) {
        char dir[] = "/tmp/bench_ch06.XXXXXX";
        if (mkdtemp(dir) == NULL) {
            perror("bench_ch06: mkdtemp");
            return 1;
        }
        if (!build_first(dir)) {
            printf("bench_ch06: the release build failed (its output: %s/log-build); nothing timed\n", dir);
            return 1;
        }
        printf("what a student waits for (each command once, into the fresh folder %s, from %s, the build up to date):\n",
               dir, WORKBOOK_SOURCE_DIR);
        fflush(stdout);
        goals[GOAL_WORKBOOK].measured = time_workbook(dir, "");
        print_chapter_seconds(dir);
        goals[GOAL_STEPS700].measured = time_workbook(dir, "ch06 --steps 700");
        goals[GOAL_CH09].measured = time_workbook(dir, "ch09 --retrain");
        bool failed = isnan(goals[GOAL_WORKBOOK].measured) || isnan(goals[GOAL_STEPS700].measured) ||
                      isnan(goals[GOAL_CH09].measured);
        char command[256];
        snprintf(command, sizeof command, "rm -rf '%s'", dir);
        if (failed) printf("  (the folder %s is kept: a command failed)\n", dir);
        else if (system(command) != 0) printf("  (could not remove %s)\n", dir);
    }
    print_goals(goals, N_GOALS, reference_one_thread);
    print_load("end");
    return status ? 1 : 0;
}
