// options.h: strict, table-driven command-line options.
//
// Every program describes its options as an array of OptionSpec. Parsing is
// strict on purpose: learners mistype, and a silently clamped or half-read
// number would make a claim check something other than what they asked for.
//
//   - integers: decimal digits only, an optional '-' only where the range
//     allows negatives, no trailing garbage, no overflow, within [min, max];
//     OPTION_EVEN additionally requires an even value (encoding widths d).
//   - reals: finite decimal numbers (no nan, inf or hex), within [min, max].
//   - ranges "a:b": two integers in [min, max] with a <= b.
//   - text: any non-empty string (the program validates it further).
//   - words (a text option with OPTION_WORDS): one or more words, the
//     arguments that follow the option up to the next one starting with '-'
//     ("--analogy king man woman"); with "--name=w1" the first word follows
//     the '='. min and max give how many words (e.g. 3 and 3); a word is
//     non-empty and holds no white space. The value is an OptionWords.
//   - flags take no value.
// Both "--name value" and "--name=value" are accepted; an option given twice,
// an unknown option, or a missing value is an error.
//
// On an error one line goes to stderr, naming the program, the option, the
// value and what is accepted, e.g.
//   ch01: --d 3: expected an even integer in [2, 1024]
// and options_parse returns OPTIONS_ERROR (callers exit with status 2). A
// value echoed back (here and in options_reject, the one place that echoes
// one) is shown escaped by utf8_shown (common/base/utf8.h): a newline or a
// terminal escape in it appears as \x0A or \x1B, never as itself.
#ifndef WORKBOOK_OPTIONS_H
#define WORKBOOK_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { OPTION_FLAG, OPTION_INT, OPTION_REAL, OPTION_TEXT, OPTION_RANGE } OptionKind;

// OPTION_OWN_DEFAULT: the help names the default itself, and --help adds none
// (for a help text made at run time, already in the reader's language).
enum { OPTION_EVEN = 1u << 0, OPTION_WORDS = 1u << 1, OPTION_OWN_DEFAULT = 1u << 2 };

typedef struct {
    long first, last;              // inclusive
} IntRange;

// The value of a text option with OPTION_WORDS. 'text' comes first on
// purpose: read as a text option's value (a const char *), it is the words
// joined by single spaces ("king man woman"), or NULL while not given.
enum { OPTION_MAX_WORDS = 16, OPTION_WORDS_TEXT = 512 };
typedef struct {
    const char *text;              // NULL, or 'joined'
    size_t n;                      // words given
    const char *words[OPTION_MAX_WORDS];   // each an argv string (or the part after '=')
    char joined[OPTION_WORDS_TEXT];
} OptionWords;

typedef struct {
    const char *name;              // "--d"
    OptionKind kind;
    void *value;                   // bool*, long*, double*, const char** (OptionWords* with OPTION_WORDS), IntRange*
    double min, max;               // accepted range for INT, REAL and RANGE; word count for OPTION_WORDS
    unsigned flags;                // OPTION_EVEN, OPTION_WORDS, OPTION_OWN_DEFAULT
    const char *meta;              // placeholder in usage text, e.g. "N"
    const char *help;              // one line; the usage adds "(default X)" from *value
} OptionSpec;

typedef enum { OPTIONS_OK = 0, OPTIONS_HELP = 1, OPTIONS_ERROR = 2 } OptionsResult;

// Parse argv against specs (n entries). "--help" prints the usage text built
// from the specs to stdout and returns OPTIONS_HELP. 'summary' is printed
// under the usage line.
OptionsResult options_parse(const char *program, const char *summary,
                            const OptionSpec *specs, size_t n, int argc, char **argv);

// What a program takes besides its options (the tools: chapter programs, and
// options passed on to a chapter after "--").
typedef struct {
    const char **positional;       // arguments that do not start with '-', in order (NULL: none accepted)
    size_t max_positional;         // more is an error naming 'positional_what'
    const char *positional_what;   // "chapter": names an argument in messages
    const char *positional_plural; // "chapters"
    bool stop_at_dashes;           // "--" ends the options: what follows is the caller's
    size_t n_positional;           // out: how many
    int rest;                      // out: argv index after "--" (argc when there is none)
} OptionArguments;

// options_parse, and the arguments 'args' describes (NULL: none, as options_parse).
OptionsResult options_parse_arguments(const char *program, const char *summary, const OptionSpec *specs, size_t n,
                                      int argc, char **argv, OptionArguments *args);

// Print the usage text (used by --help).
void options_print_usage(const char *program, const char *summary,
                         const OptionSpec *specs, size_t n);

// Report an option whose value parsed but is unusable for another reason
// (e.g. a product of sizes over the memory bound). Prints the one line, the
// value escaped (utf8_shown): pass it as it was typed.
void options_reject(const char *program, const char *option, const char *value,
                    const char *accepted);

// The strict parsers, exposed for unit tests. Return true on success.
bool options_parse_long(const char *text, long min, long max, long *out);
bool options_parse_real(const char *text, double min, double max, double *out);

#endif
