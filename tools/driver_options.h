// driver_options.h: the command line of the driver, workbook_run (its usage
// in workbook_run.c's header): the options, the chapter programs, and after
// "--" the one chapter's options (the figure options among them are the
// driver's, tools/figures.h). A path or option that goes into a gnuplot
// string or a report is checked: not empty, at most ARG_MAX_LEN characters,
// no control characters. Bad input: one line on stderr (common/run/options.h).
#ifndef WORKBOOK_DRIVER_OPTIONS_H
#define WORKBOOK_DRIVER_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#define DRIVER_PROGRAM "workbook_run"

enum { MAX_CHAPTERS = 32, MAX_PASSED = 256, ARG_MAX_LEN = 2048, WHY_LEN = 1024 };

typedef struct {
    const char *out, *plots, *gnuplot_arg, *render, *data, *figures, *figure_size, *font_scale, *only, *exercises_arg,
        *lang;
    const char *chapter_args[MAX_CHAPTERS];
    size_t n_chapters;
    char *passed[MAX_PASSED];      // after "--", less the figure options: the one chapter's options
    size_t n_passed;
} Arguments;

// The usage --help prints (marked for the catalogue: print it translated, _(DRIVER_USAGE)).
extern const char *const DRIVER_USAGE;

// Read the command line into *a (the figure options set: tools/figures.h);
// EXIT_AS_EXPECTED, or EXIT_BAD_INPUT after its line on stderr.
int driver_parse_arguments(Arguments *a, int argc, char **argv);
// Refuse 'value' of 'option' (common/run/options.h's line, saying what is
// 'accepted'); EXIT_BAD_INPUT.
int driver_reject(const char *option, const char *value, const char *accepted);
// Is 'value' of 'option' fit for a gnuplot string or a report ('what' it
// should be: an N_ text)? If not, says so on stderr.
bool driver_text_ok(const char *option, const char *value, const char *what);

#endif
