// pe_fill_bench.c: how fast can a sinusoidal table be filled?
//
// A benchmark, not a test: it prints throughput, it asserts nothing about
// time. Chapter 8 (claims 8.3, 8.4) shows the re-anchored recurrence is
// accurate; this program shows what it buys.
//
// Methods, each filling the same table P (N,d) of doubles, row r = P_r:
//   memory writes   a plain store loop writing one constant: the bandwidth
//                   limit every fill is bounded by
//   memset          the C library's fill (may use non-temporal stores)
//   direct sin/cos  P_k[2i] = sin(k w_i), P_k[2i+1] = cos(k w_i) with the
//                   frequencies w_i = 1/Z_i precomputed once: one sin and
//                   one cos per pair
//   recurrence      pe_recurrence_fill: M_1 times the row above, with an
//                   exact anchor row every B rows (common/position/pe_recurrence.h)
// Throughput = table bytes / time, in GB/s (10^9 bytes per second). Each
// method runs --reps times after one warm-up; the table prints the median,
// the fastest and the slowest run, and the ratios of the medians.
//
// Run:  bench_pe_fill [--d 512] [--positions 65536] [--reps 7] [--anchor-every 1024]
// Build: cmake --build --preset release --target bench_pe_fill
//        (the release preset compiles with -O3, so the hot loops vectorise)
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/wallclock.h"
#include "position/pe_recurrence.h"
#include "position/pe_table.h"
#include "run/options.h"

// ---- settings ---------------------------------------------------------------

static long d = 512;                   // encoding width (the d = 512)
static long positions = 65536;         // N = 2^16 rows: 256 MiB at d = 512, far beyond any cache
static long reps = 7;                  // timed runs per method (after one warm-up)
static long anchor_every = PE_RECURRENCE_ANCHOR_EVERY;   // B, as verified by chapter 8

enum { MAX_REPS = 101 };
static const double MAX_TABLE_BYTES = 1024.0 * 1024.0 * 1024.0;   // 1 GiB: keeps the machine usable

typedef struct {
    double *table;                     // (N,d) row-major, contiguous
    size_t n, d;
    double *freq;                      // (d/2,) w_i = 1/Z_i
} Bench;

// ---- the methods ----------------------------------------------------------------

static void fill_memory_writes(Bench *b) {
    size_t total = b->n * b->d;
    double *restrict out = b->table;
    const double value = 0.385;   // not a repeated byte, so the compiler keeps the store loop
    for (size_t j = 0; j < total; j++) out[j] = value;
}

// The machine's load average (Linux /proc/loadavg), or -1: other programs
// running at the same time slow every method down.
static double load_average(void) {
    FILE *fp = fopen("/proc/loadavg", "r");
    double load = -1.0;
    if (fp) {
        if (fscanf(fp, "%lf", &load) != 1) load = -1.0;
        fclose(fp);
    }
    return load;
}

static void fill_memset(Bench *b) { memset(b->table, 0, b->n * b->d * sizeof(double)); }

static void fill_direct(Bench *b) {
    for (size_t r = 0; r < b->n; r++) {
        double *restrict row = b->table + r * b->d;
        double k = (double)r;
        for (size_t i = 0; i < b->d / 2; i++) {
            row[2 * i] = sin(k * b->freq[i]);
            row[2 * i + 1] = cos(k * b->freq[i]);
        }
    }
}

static void fill_recurrence(Bench *b) {
    gsl_matrix_view P = gsl_matrix_view_array(b->table, b->n, b->d);
    int status = pe_recurrence_fill(&P.matrix, 0.0, (size_t)anchor_every);
    if (status) {
        fprintf(stderr, "bench_pe_fill: pe_recurrence_fill failed: %s\n", gsl_strerror(status));
        exit(1);
    }
}

// Largest |table - exact| over every 'stride'-th row, exact = pe_encode_reference.
static double sampled_error(const Bench *b, size_t stride) {
    gsl_vector *exact = gsl_vector_alloc(b->d);
    double worst = 0.0;
    for (size_t r = 0; r < b->n; r += stride) {
        pe_encode_reference((double)r, exact);
        for (size_t j = 0; j < b->d; j++)
            worst = fmax(worst, fabs(b->table[r * b->d + j] - gsl_vector_get(exact, j)));
    }
    gsl_vector_free(exact);
    return worst;
}

typedef struct {
    const char *name;
    void (*fill)(Bench *);
    double gbps[MAX_REPS];
    double median, fastest, slowest;
    double error;                      // sampled max error vs exact (NAN for the plain writes)
} Method;

static void method_run(Method *m, Bench *b) {
    double bytes = (double)(b->n * b->d * sizeof(double));
    m->fill(b);                        // warm-up (and first touch is already done)
    for (long t = 0; t < reps; t++) {
        double start = wallclock_seconds();
        m->fill(b);
        m->gbps[t] = bytes / (wallclock_seconds() - start) / 1e9;
    }
    gsl_sort(m->gbps, 1, (size_t)reps);
    m->median = gsl_stats_median_from_sorted_data(m->gbps, 1, (size_t)reps);
    m->fastest = m->gbps[reps - 1];
    m->slowest = m->gbps[0];
}

int main(int argc, char **argv) {
    const OptionSpec options[] = {
        {"--d", OPTION_INT, &d, 2, 4096, OPTION_EVEN, "N", "encoding width d, even (default 512)"},
        {"--positions", OPTION_INT, &positions, 1024, 16777216, 0, "N", "table rows N (default 65536)"},
        {"--reps", OPTION_INT, &reps, 3, MAX_REPS, 0, "N", "timed runs per method (default 7)"},
        {"--anchor-every", OPTION_INT, &anchor_every, 1, 16777216, 0, "B",
         "recurrence: an exact anchor row every B rows (default 1024)"},
    };
    OptionsResult parsed = options_parse("bench_pe_fill",
                                         "Table-fill throughput: plain writes, direct sin/cos, re-anchored recurrence.",
                                         options, sizeof options / sizeof options[0], argc, argv);
    if (parsed == OPTIONS_HELP) return 0;
    if (parsed == OPTIONS_ERROR) return 2;
    char value[64];
    if ((double)positions * (double)d * sizeof(double) > MAX_TABLE_BYTES) {
        snprintf(value, sizeof value, "%ld", positions);
        options_reject("bench_pe_fill", "--positions", value, "N * d * 8 bytes <= 1 GiB");
        return 2;
    }
    gsl_set_error_handler_off();

    Bench b = {.n = (size_t)positions, .d = (size_t)d};
    b.table = malloc(b.n * b.d * sizeof(double));
    b.freq = malloc(b.d / 2 * sizeof(double));
    if (!b.table || !b.freq) {
        fprintf(stderr, "bench_pe_fill: no memory for a %ld x %ld table\n", positions, d);
        free(b.table);
        free(b.freq);
        return 1;
    }
    for (size_t i = 0; i < b.d / 2; i++) b.freq[i] = 1.0 / pe_denominator(i, b.d);
    fill_memset(&b);                   // first touch: page faults stay out of the timings

    Method methods[] = {
        {.name = "memory writes", .fill = fill_memory_writes},
        {.name = "memset", .fill = fill_memset},
        {.name = "direct sin/cos", .fill = fill_direct},
        {.name = "recurrence", .fill = fill_recurrence},
    };
    enum { WRITES, MEMSET, DIRECT, RECURRENCE, N_METHODS };
    double table_mib = (double)(b.n * b.d * sizeof(double)) / (1024.0 * 1024.0);
    printf("Table fill, d = %zu, N = %zu positions (%.0f MiB of doubles), %ld runs per method,\n"
           "recurrence anchored every B = %ld rows. Load average at start: %.2f.\n\n", b.d, b.n, table_mib, reps,
           anchor_every, load_average());
    for (int m = 0; m < N_METHODS; m++) {
        method_run(&methods[m], &b);
        methods[m].error = (m == DIRECT || m == RECURRENCE) ? sampled_error(&b, 61) : NAN;
    }

    double limit = fmax(methods[WRITES].median, methods[MEMSET].median);
    printf("  %-16s %9s %9s %9s   %-10s %s\n", "method", "median", "fastest", "slowest", "vs limit",
           "max |error| vs exact (every 61st row)");
    printf("  %-16s %9s %9s %9s\n", "", "GB/s", "GB/s", "GB/s");
    for (int m = 0; m < N_METHODS; m++) {
        printf("  %-16s %9.2f %9.2f %9.2f   %8.2fx", methods[m].name, methods[m].median, methods[m].fastest,
               methods[m].slowest, limit / methods[m].median);
        if (isnan(methods[m].error))
            printf("   -\n");
        else
            printf("   %.2g\n", methods[m].error);
    }
    double rec = methods[RECURRENCE].median, direct = methods[DIRECT].median;
    printf("\nThe memory-write limit is the faster of the two plain fills: %.2f GB/s.\n", limit);
    printf("Load average at the end: %.2f.\n", load_average());
    printf("Recurrence vs direct sin/cos:  %.1fx faster   (goal: several times)\n", rec / direct);
    printf("Recurrence vs the write limit: %.2fx slower  (goal: within 2x)\n", limit / rec);
    printf("Recurrence max error %.2g, direct sin/cos max error %.2g (budget of chapter 8: 1e-12).\n",
           methods[RECURRENCE].error, methods[DIRECT].error);
    free(b.table);
    free(b.freq);
    return 0;
}
