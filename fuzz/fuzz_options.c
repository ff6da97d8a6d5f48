// fuzz_options.c: libFuzzer harness for the strict option parser.
//
// The input bytes are split at '\n' into argv words (so the fuzzer can
// build "--d", "12abc", "--positions=5:2", ...) and parsed against a table
// with every option kind. The parser must never crash, read out of bounds or
// accept a value outside its stated range; the checks below abort if it does.
//
// The parser explains every rejection on stderr: run with -close_fd_mask=3 to
// keep the fuzzer's own output readable (crash reports still show).
// Build and run: cmake --workflow --preset fuzz (a short seeded run), or for
// a longer run:
//   mkdir -p /tmp/new && build/fuzz/fuzz/fuzz_options -close_fd_mask=3 \
//       -max_total_time=600 /tmp/new fuzz/corpus/options
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

enum { MAX_WORDS = 16 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 4096) return 0;
    char *text = malloc(size + 1);
    if (text == NULL) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[MAX_WORDS + 2] = {"fuzz"};
    int argc = 1;
    for (char *p = text; argc <= MAX_WORDS;) {
        argv[argc++] = p;
        char *nl = memchr(p, '\n', (size_t)(text + size - p));
        if (nl == NULL) break;
        *nl = '\0';
        p = nl + 1;
    }
    argv[argc] = NULL;

    long d = 8, seed = 1;
    double lr = 0.003;
    bool quiet = false;
    IntRange positions = {0, 0};
    const char *out = NULL;
    const OptionSpec specs[] = {
        {"--d", OPTION_INT, &d, 2, 1024, OPTION_EVEN, "N", ""},
        {"--seed", OPTION_INT, &seed, 1, 4294967295.0, 0, "N", ""},
        {"--lr", OPTION_REAL, &lr, 1e-6, 1.0, 0, "X", ""},
        {"--quiet", OPTION_FLAG, &quiet, 0, 0, 0, NULL, ""},
        {"--positions", OPTION_RANGE, &positions, 0, 100000, 0, "A:B", ""},
        {"--out", OPTION_TEXT, &out, 0, 0, 0, "DIR", ""},
    };
    OptionsResult r = options_parse("fuzz", NULL, specs, 6, argc, argv);
    if (r == OPTIONS_OK) {
        // Whatever was accepted must be inside its stated range.
        if (d < 2 || d > 1024 || d % 2 != 0) abort();
        if (seed < 1 || seed > 4294967295L) abort();
        if (!(lr >= 1e-6 && lr <= 1.0) || !isfinite(lr)) abort();
        if (positions.first > positions.last || positions.first < 0 || positions.last > 100000) abort();
        if (out != NULL && out[0] == '\0') abort();
    }
    free(text);
    return 0;
}
