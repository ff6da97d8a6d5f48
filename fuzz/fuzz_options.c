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
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/options.h"
#include "option_fixture.h"   // tests/: the option table the unit test uses too

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

    FixtureValues values;
    OptionSpec specs[FIXTURE_OPTIONS];
    fixture_specs(&values, specs);
    OptionsResult r = options_parse("fuzz", NULL, specs, FIXTURE_OPTIONS, argc, argv);
    if (r == OPTIONS_OK && !fixture_in_range(&values)) abort();   // accepted a value outside its range
    free(text);
    return 0;
}
