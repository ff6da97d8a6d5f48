// chapter.h: what every chapter program shares: the standard options, the
// output folder, running the claims in order, the verdict table, claims.tsv,
// and the exit status.
//
// A chapter file declares its claims as a table of ClaimDef (id, source, the
// verdict the workbook expects, the function that measures, scope and weight;
// the claim's words, its statement, why that verdict is expected and what its
// key number is, are its lesson's says:, expected: and key: lines, in the
// reader's language) and its own options as OptionSpec; main() reads
//
//     Chapter ch = { .program = "ch01", .claims = CLAIMS, .n_claims = ... };
//     int status = chapter_begin(&ch, argc, argv, extra_options, n_extra);
//     if (status != CHAPTER_CONTINUE) return status;
//     ... validate the chapter's own options (chapter_reject on error) ...
//     chapter_run_claims(&ch);
//     return chapter_end(&ch);
//
// Standard options: --seed N, --out DIR, --claim ID, --quiet, --verbose,
// --strict, --list-claims, --help.
//
// Exploring is not failing. Each claim's expected verdict is the one the
// course's settings (the chapter's defaults) give. A run with other settings
// (any option other than --out, --claim, --quiet, --verbose, --strict and the
// training chapters' --threads, --cache and --retrain, which change how and not
// what, given a value other than its default) is exploring: a verdict that differs from
// the expected one is then a finding of those settings, printed as such
// ("with --d 16: holds; at the course's settings: partly holds"), marked '*'
// in the verdict table, and the exit status stays 0. At the course's settings,
// or with --strict (the claim tests pass it), every verdict other than the
// expected one is a failure: marked '!', exit status 1.
// Output folder contents written here: chapter.txt (the English lesson's
// title, then its summary as plain text: data, the same in every language),
// claims.tsv (one row per claim run), narratives.tsv (each claim's narrative,
// the text printed between its header and its verdict, one escaped row per
// claim: the pages and REPORT.md read it, never output.txt),
// plus the chapter's own .dat files through chapter_data_open/close, and
// MANIFEST.
//
// narratives.tsv: a header row "id\tnarrative", then one row per claim that
// ran, in order: its id, a tab, and everything chapter_say, chapter_say_padded
// and chapter_detail printed while its measure function ran, escaped by
// tsv_escaped (tsv.h: backslash, tab, newline and carriage return as \\, \t,
// \n, \r); tsv_unescape gives the text back. It is what was printed: empty
// under --quiet, with the build and speed details under --verbose, and with
// the timings a claim prints (so it differs between two runs where they do).
// So a claim prints its narrative only through these functions, never with
// printf.
//
// An output folder holds exactly one run: MANIFEST lists the files the run
// wrote, one name a line, after a first line "# <program> run: running" or
// "...: complete". A new run first removes the files its folder's MANIFEST
// names (and nothing else: a file the workbook did not write is never
// deleted), so no data file of an earlier run sits beside the new ones.
//
// Faults (faults.h): out of memory gives one line and exit status 4; SIGINT,
// SIGTERM and SIGHUP remove the temporary files first; a file-size limit or a
// failed standard output is a write failure (status 3); training whose loss or
// parameters stop being finite gives one line and status 5 (chapter_diverged).
#ifndef WORKBOOK_CHAPTER_H
#define WORKBOOK_CHAPTER_H

#include <gsl/gsl_rng.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "base/datafile.h"
#include "base/i18n.h"
#include "run/lesson.h"
#include "run/manifest.h"
#include "run/options.h"
#include "run/verdict.h"

typedef struct Chapter Chapter;

typedef void (*ClaimFunction)(Chapter *ch, ClaimResult *result);

typedef struct {
    const char *id;                // "1.3"
    const char *source;            // "Doc A §先搞清楚"
    Verdict expected;              // the verdict the workbook stands behind
    ClaimFunction measure;
    ClaimScope scope;              // SCOPE_COURSE (the default) or SCOPE_BEYOND
    ErratumWeight weight;          // for an expected erratum: WEIGHT_SLIP or WEIGHT_ERROR
} ClaimDef;

// The columns of --list-claims, in order (tab-separated), as English names
// them; --list-claims prints them in the reader's language, so a program that
// reads the columns by name runs it with --lang en.
// TRANSLATORS: the column names of --list-claims, tab-separated: keep the eight tabs.
#define CLAIM_TABLE_COLUMNS N_("chapter\ttitle\tid\tsource\texpected_verdict\tstatement\twhy_expected\tscope\tweight")

// The memory a chapter's settings may ask for: a chapter estimates what its
// settings need before it starts and refuses more (exit 2).
#define CHAPTER_MEMORY_BOUND_MB 2048.0

enum { CHAPTER_CONTINUE = -1, CHAPTER_MAX_CLAIMS = 16, CHAPTER_MAX_OPTIONS = 40, CHAPTER_MAX_FILES = 64 };

struct Chapter {
    // set by the chapter
    const char *program;           // "ch01": used in messages and file names; its title and summary
                                   // are its lesson's (lessons/LANG/chNN.md: "# " and "summary:")
    const ClaimDef *claims;
    size_t n_claims;

    // standard options (defaults filled in by chapter_begin if zero)
    long seed;
    const char *out;
    const char *only_claim;        // --claim ID, or NULL for all
    bool quiet;
    bool verbose;                  // --verbose: also the build and speed details (chapter_detail); implies --evidence
    bool evidence;                 // --evidence: print each claim's narrative under its lesson
    bool strict;                   // --strict: a verdict other than the expected one fails, whatever the settings
    const char *lang_option;       // --lang en|zh-TW|zh-CN, or NULL: the environment's (common/base/i18n.h)
    Lang lang;                     // the language the lesson and the interface speak

    // set by chapter_begin: the options given with a value other than the
    // default, as "--d 16 --seed 7" ("" at the course's settings), a text
    // quoted for a shell where it needs it (--sentence '我 打 你':
    // common/run/shell_words.h)
    char settings[2048];

    // set while running
    gsl_rng *rng;                  // a fresh stream per claim, seeded from --seed and the claim id
    ClaimResult results[CHAPTER_MAX_CLAIMS];
    bool ran[CHAPTER_MAX_CLAIMS];
    double seconds;
    Manifest files;                // the files of this run: MANIFEST (common/run/manifest.h)
    // each claim's narrative as printed (narratives.tsv): a growing string
    // per claim (its s is NULL while nothing was printed)
    Buf narrative[CHAPTER_MAX_CLAIMS];
    int current_claim;             // the index of the claim measuring now, -1 outside claims
    double memory_estimate;        // bytes, as chapter_check_memory was given them (0: never called)
    Lesson *lesson;                // lessons/LANG/<program>.md, parsed (NULL: the chapter has none yet)
    Lesson *lesson_en;             // lessons/en/<program>.md when LANG is another: claims.tsv's words
    int lesson_problems;           // placeholders the run could not fill: exit status 1
};

// Parse standard + extra options, check --claim, prepare --out and write
// chapter.txt. Returns CHAPTER_CONTINUE, or the exit status to return
// (0 after --help, 2 on bad input).
int chapter_begin(Chapter *ch, int argc, char **argv, const OptionSpec *extra, size_t n_extra);

// The reader's language (--lang, else the environment: common/base/i18n.h), now
// in use. chapter_begin calls it; a chapter that makes a text for its options
// before chapter_begin (a help with a default computed at run time,
// translated with _()) calls it first.
Lang chapter_language(int argc, char **argv);

// Report a chapter-specific option problem (one line) and return 2.
int chapter_reject(Chapter *ch, const char *option, const char *value, const char *accepted);
// The same for an integer option's value.
int chapter_reject_number(Chapter *ch, const char *option, long value, const char *accepted);
// Refuse settings whose estimated memory, 'bytes', is above
// CHAPTER_MEMORY_BOUND_MB (returns 2 after one line naming 'options', the
// options that set the size); returns CHAPTER_CONTINUE when they fit. With
// --verbose, chapter_end then prints the estimate beside the run's measured
// peak ("memory: estimated 412 MB, peak resident 298 MB (VmHWM)"), so a test
// can hold the estimate to what runs take.
int chapter_check_memory(Chapter *ch, double bytes, const char *options);

// Run the claims in order (or the --claim one), printing each claim's
// header, narrative (from the claim itself) and verdict.
void chapter_run_claims(Chapter *ch);

// Print the verdict table, write claims.tsv and narratives.tsv, free
// resources, and return the exit status: 0 when every verdict is the
// expected one, 1 otherwise, 3 if a file could not be written.
int chapter_end(Chapter *ch);

// Narrative output: printed unless --quiet; inside a claim also kept as the
// claim's narrative (narratives.tsv).
void chapter_say(const Chapter *ch, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// chapter_say of 'text' padded with spaces to 'width' terminal columns, as
// print_padded (verdict.h) pads: for the aligned tables of a narrative.
void chapter_say_padded(const Chapter *ch, const char *text, int width);

// Build and speed details (CBLAS, kernels, threads, steps/s, buffer sizes):
// printed only with --verbose (and not with --quiet), and then kept in the
// narrative like chapter_say's text. The lesson stays on stdout without them.
void chapter_detail(const Chapter *ch, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// True when the run uses settings other than the course's (see above).
bool chapter_exploring(const Chapter *ch);

// True when the chapter runs all claims or 'id' is the --claim one.
bool chapter_wants(const Chapter *ch, const char *id);

// Data files in the output folder. On failure these print one line naming
// the file and the reason, remove the temporary file, and exit with status 3.
void chapter_data_open(Chapter *ch, DataFile *f, const char *name, const char *columns);
void chapter_data_close(Chapter *ch, DataFile *f);

// Training stopped being finite (its loss or a parameter became NaN or
// infinite: a learning rate too large for the settings). Prints one line
// naming the setting and what went wrong, e.g.
//   ch00: training diverged at --lr 0.3 (the loss became NaN after 126000 words); lower --lr (the course's: 0.05)
// removes temporary files and returns EXIT_DIVERGED, for the chapter to exit
// with: nothing of that training may be cached, reported or judged. 'option'
// is the option that sets the learning rate, 'value' its value and
// 'course_value' its default; NULL when the chapter has none (the line then
// names the run's settings). 'what': what stopped being finite, and when.
int chapter_diverged(const Chapter *ch, const char *option, double value, double course_value, const char *what);

// Abort the run after an unexpected library error (a GSL status): prints the
// line and exits with status 1 (an internal failure is never "as expected").
void chapter_check(const Chapter *ch, int gsl_status, const char *what);

#endif
