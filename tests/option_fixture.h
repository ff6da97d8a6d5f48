// option_fixture.h: one option table with every kind of option (integer,
// even integer, real, flag, range, text), shared by the parser's unit test
// (tests/unit_options.c) and its fuzzer (fuzz/fuzz_options.c).
#ifndef WORKBOOK_OPTION_FIXTURE_H
#define WORKBOOK_OPTION_FIXTURE_H

#include <math.h>
#include <stdbool.h>

#include "run/options.h"

enum { FIXTURE_OPTIONS = 6 };

typedef struct {
    long d, seed;
    double lr;
    bool quiet;
    IntRange positions;
    const char *out;
} FixtureValues;

// Reset the values to their defaults and point specs at them.
static inline void fixture_specs(FixtureValues *v, OptionSpec specs[FIXTURE_OPTIONS]) {
    *v = (FixtureValues){.d = 8, .seed = 1, .lr = 0.003};
    const OptionSpec table[FIXTURE_OPTIONS] = {
        {"--d", OPTION_INT, &v->d, 2, 1024, OPTION_EVEN, "N", ""},
        {"--seed", OPTION_INT, &v->seed, 1, 4294967295.0, 0, "N", ""},
        {"--lr", OPTION_REAL, &v->lr, 1e-6, 1.0, 0, "X", ""},
        {"--quiet", OPTION_FLAG, &v->quiet, 0, 0, 0, NULL, ""},
        {"--positions", OPTION_RANGE, &v->positions, 0, 100000, 0, "A:B", ""},
        {"--out", OPTION_TEXT, &v->out, 0, 0, 0, "DIR", ""},
    };
    for (int i = 0; i < FIXTURE_OPTIONS; i++) specs[i] = table[i];
}

// Whether every value is inside the range its spec states (what an accepted
// command line must guarantee).
static inline bool fixture_in_range(const FixtureValues *v) {
    return v->d >= 2 && v->d <= 1024 && v->d % 2 == 0 && v->seed >= 1 && v->seed <= 4294967295L &&
           isfinite(v->lr) && v->lr >= 1e-6 && v->lr <= 1.0 && v->positions.first <= v->positions.last &&
           v->positions.first >= 0 && v->positions.last <= 100000 && (v->out == NULL || v->out[0] != '\0');
}

#endif
