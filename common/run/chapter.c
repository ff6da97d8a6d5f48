// chapter.c: see chapter.h.
#include "run/chapter.h"

#include <errno.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/exitcodes.h"
#include "base/faults.h"
#include "base/hash.h"
#include "base/i18n.h"
#include "base/progress.h"
#include "base/random.h"
#include "base/tsv.h"
#include "base/utf8.h"
#include "base/wallclock.h"
#include "run/build_info.h"
#include "run/claims_tsv.h"
#include "run/folder_lock.h"
#include "run/manifest.h"
#include "run/shell_words.h"


// Does the text end in full-width punctuation (：, ）)? Then what follows
// takes no space (lessons/README.md, "Chinese typography").
static bool ends_fullwidth_punct(const char *text) {
    unsigned cp = utf8_before(text, text + strlen(text));
    return (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFF60);
}

static bool load_lesson(Chapter *ch);
static char *claim_field(const Lesson *lesson, const char *id, const char *field, const LessonValues *values);

enum { LESSON_WIDTH = 78 };        // terminal columns a lesson (and --help's summary) is wrapped to

// ---- narrative: printed, and kept per claim for narratives.tsv --------------------

// Append n bytes to the narrative of the claim measuring now.
static void keep_narrative(Chapter *ch, const char *text, size_t n) {
    buf_add(&ch->narrative[ch->current_claim], text, n);
}

// Print fmt's text; inside a claim, keep it as the claim's narrative too.
static void narrate(const Chapter *ch, const char *fmt, va_list ap) {
    if (ch->current_claim < 0) {
        if (!ch->quiet) vprintf(fmt, ap);
        return;
    }
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n < 0) {   // (only a bad format or a length above INT_MAX: print it as vprintf would)
        vprintf(fmt, again);
        va_end(again);
        return;
    }
    char small[512], *text = (size_t)n < sizeof small ? small : malloc((size_t)n + 1);
    if (text == NULL) faults_out_of_memory("a claim's narrative", (size_t)n + 1);
    vsnprintf(text, (size_t)n + 1, fmt, again);
    va_end(again);
    // Inside a claim the text is its evidence: kept, and printed after the
    // claim's lesson with --evidence (chapter_run_claims).
    // The narrative is bookkeeping, not the chapter's settings: the one place
    // it is written through the const Chapter that chapter_say takes (no
    // Chapter is ever defined const).
    keep_narrative((Chapter *)ch, text, (size_t)n);
    if (text != small) free(text);
}

void chapter_say(const Chapter *ch, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    narrate(ch, fmt, ap);
    va_end(ap);
}

void chapter_say_padded(const Chapter *ch, const char *text, int width) {
    int pad = width - display_width(text);   // as print_padded (verdict.c)
    chapter_say(ch, "%s%*s", text, pad > 0 ? pad : 0, "");
}

void chapter_detail(const Chapter *ch, const char *fmt, ...) {
    if (!ch->verbose) return;
    va_list ap;
    va_start(ap, fmt);
    narrate(ch, fmt, ap);
    va_end(ap);
}

bool chapter_exploring(const Chapter *ch) { return ch->settings[0] != '\0'; }

// A verdict other than the expected one fails the run at the course's
// settings and under --strict; otherwise it is a finding of the settings.
static bool mismatch_fails(const Chapter *ch) { return ch->strict || !chapter_exploring(ch); }

bool chapter_wants(const Chapter *ch, const char *id) {
    return ch->only_claim == NULL || strcmp(ch->only_claim, id) == 0;
}

int chapter_reject(Chapter *ch, const char *option, const char *value, const char *accepted) {
    options_reject(ch->program, option, value, accepted);
    return EXIT_BAD_INPUT;
}

int chapter_reject_number(Chapter *ch, const char *option, long value, const char *accepted) {
    char text[32];
    snprintf(text, sizeof text, "%ld", value);
    return chapter_reject(ch, option, text, accepted);
}

int chapter_check_memory(Chapter *ch, double bytes, const char *options) {
    ch->memory_estimate = bytes;
    double mb = bytes / 1048576.0;
    if (mb <= CHAPTER_MEMORY_BOUND_MB) return CHAPTER_CONTINUE;
    char value[64], accepted[256];
    snprintf(value, sizeof value, _("need about %.0f MB"), mb);
    snprintf(accepted, sizeof accepted, _("expected settings that need at most %.0f MB (the memory bound); lower %s"),
             CHAPTER_MEMORY_BOUND_MB, options);
    return chapter_reject(ch, "settings", value, accepted);
}

void chapter_check(const Chapter *ch, int gsl_status, const char *what) {
    if (gsl_status == GSL_SUCCESS) return;
    progress_interrupt();   // (a progress line on the terminal goes before the message)
    if (gsl_status == GSL_ENOMEM) faults_out_of_memory(what, 0);
    const char *detail = faults_last_gsl_error();
    fprintf(stderr, "%s: internal error in %s: %s%s%s\n", ch->program, what, gsl_strerror(gsl_status),
            detail[0] ? ": " : "", detail);
    exit(EXIT_CLAIM_FAILED);
}

int chapter_diverged(const Chapter *ch, const char *option, double value, double course_value, const char *what) {
    progress_interrupt();   // (a progress line on the terminal goes before the message)
    if (option)
        fprintf(stderr, "%s: training diverged at %s %g (%s); lower %s (the course's: %g)\n", ch->program, option,
                value, what, option, course_value);
    else
        fprintf(stderr, "%s: training diverged (%s) with %s; the course's settings (the defaults) train\n",
                ch->program, what, ch->settings[0] ? ch->settings : "the course's settings");
    datafile_remove_temporaries();
    return EXIT_DIVERGED;
}

// ---- MANIFEST: the files of one run (common/run/manifest.h) -----------------------------

static void save_manifest(Chapter *ch, const char *state) {
    char first_line[128];
    snprintf(first_line, sizeof first_line, "# %s run: %s", ch->program, state);
    if (!manifest_save(&ch->files, first_line)) {
        fprintf(stderr, "%s: cannot write %s/MANIFEST: %s; %s\n", ch->program, ch->out, strerror(errno),
                datafile_write_advice(errno));
        datafile_remove_temporaries();
        exit(EXIT_IO_FAILED);
    }
}

// A name MANIFEST may list: a plain file name of this folder, nothing that
// leads elsewhere or is hidden.
static bool manifest_name_ok(const char *name) {
    return name[0] != '\0' && name[0] != '.' && strchr(name, '/') == NULL && strlen(name) <= DATAFILE_MAX_NAME;
}

static bool every_name(const char *name) { return name != NULL; }

// Remove the regular files the folder's MANIFEST names (an earlier run's),
// then start this run's list.
static void remove_previous_run(Chapter *ch) {
    Manifest previous;
    if (manifest_load(&previous, ch->out, "MANIFEST", manifest_name_ok))
        manifest_remove_files(&previous, every_name, NULL);   // what cannot be removed stays, unlisted
    manifest_free(&previous);
    manifest_init(&ch->files, ch->out, "MANIFEST");
}

void chapter_data_open(Chapter *ch, DataFile *f, const char *name, const char *columns) {
    if (!manifest_name_ok(name) || ch->files.n >= CHAPTER_MAX_FILES) {
        fprintf(stderr, "%s: internal error: data file '%s' (names: at most %d characters, no '/'; "
                "at most %d files)\n", ch->program, name, (int)DATAFILE_MAX_NAME, CHAPTER_MAX_FILES);
        exit(EXIT_CLAIM_FAILED);
    }
    if (!datafile_open(f, ch->out, name, columns)) {
        fprintf(stderr, "%s: cannot create %s/%s: %s; %s\n", ch->program, ch->out, name, strerror(errno),
                datafile_write_advice(errno));
        exit(EXIT_IO_FAILED);
    }
}

// The file is listed in MANIFEST before it appears under its name.
void chapter_data_close(Chapter *ch, DataFile *f) {
    if (datafile_finish(f)) {
        manifest_add(&ch->files, strrchr(f->final_path, '/') + 1);   // datafile_open wrote dir/name
        save_manifest(ch, "running");
        if (datafile_commit(f)) return;
    }
    fprintf(stderr, "%s: cannot write %s: %s; %s (no partial file was left under that name)\n",
            ch->program, f->final_path, strerror(errno), datafile_write_advice(errno));
    exit(EXIT_IO_FAILED);
}

// The chapter's title and summary (its lesson's "# " and "summary:" lines,
// lessons/README.md) in 'lang', else in English: new strings, or copies of the
// program's name and "" when the build has no lesson for the chapter.
static void chapter_heading(const Chapter *ch, Lang lang, char **title, char **summary) {
    const char *text = lesson_source(i18n_code(lang), ch->program);
    if (text == NULL) text = lesson_source("en", ch->program);
    Lesson lesson;
    char why[256];
    bool parsed = text != NULL && lesson_parse(text, &lesson, why, sizeof why);
    Buf t = {0}, s = {0};
    buf_puts(&t, parsed ? lesson.title : ch->program);
    buf_puts(&s, parsed ? lesson.summary : "");
    *title = buf_take(&t);
    *summary = buf_take(&s);
    if (parsed) lesson_free(&lesson);
}

// --list-claims: the chapter's claim table as written in its CLAIMS[], one
// row per claim under a header naming the columns (CLAIM_TABLE_COLUMNS, in
// the reader's language: the tools that read the columns by name ask for
// --lang en), the chapter's title from its lesson in the reader's language.
// docs/CLAIMS.md is generated from these rows (tools/claims_catalogue.sh).
static int print_claim_table(Chapter *ch) {
    if (!load_lesson(ch)) return EXIT_CLAIM_FAILED;
    printf("%s\n", _(CLAIM_TABLE_COLUMNS));
    const char *title = ch->lesson ? ch->lesson->title : ch->program;
    // In Chinese the source, the verdict, the scope and the weight are the reader's words as well (the
    // verdict with its weight, as the verdict table shows it); in English the table's own names.
    bool words = ch->lang != LANG_EN;
    for (size_t i = 0; i < ch->n_claims; i++) {
        const ClaimDef *c = &ch->claims[i];
        // (the statement and the reason in the reader's language: the lesson's says: and expected:)
        char *statement = claim_field(ch->lesson, c->id, "says", NULL);
        char *why = claim_field(ch->lesson, c->id, "expected", NULL);
        const char *weight = erratum_weight_name(c->weight);
        const char *fields[] = {ch->program,
                                title,
                                c->id,
                                words ? lesson_source_label(c->source) : c->source,
                                words ? lesson_verdict_words(verdict_name(c->expected), weight)
                                      : verdict_name(c->expected),
                                statement,
                                why,
                                words ? _(claim_scope_name(c->scope)) : claim_scope_name(c->scope),
                                // TRANSLATORS: an erratum's weight in --list-claims: a slip, an error
                                !words                    ? weight
                                : c->weight == WEIGHT_SLIP ? _("slip")
                                : c->weight == WEIGHT_ERROR ? _("error")
                                                           : weight};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
            // Tabs and newlines would break the row: replace them with spaces.
            for (const char *p = fields[k]; *p; p++) putchar(*p == '\t' || *p == '\n' ? ' ' : *p);
            putchar(k + 1 < sizeof fields / sizeof fields[0] ? '\t' : '\n');
        }
        free(statement);
        free(why);
    }
    if (ch->lesson) lesson_free(ch->lesson), free(ch->lesson), ch->lesson = NULL;   // (read for the words above)
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the claim table to standard output: %s\n", ch->program, strerror(errno));
        return EXIT_IO_FAILED;
    }
    return EXIT_AS_EXPECTED;
}

// ---- the settings: which options moved away from the course's defaults ----------
// An option's value before parsing is its default; options_parse writes only
// the options given. The ones that do not change what is measured are left out:
// where the output goes, which claims, how much is said, and for the chapters
// that train, --threads, --cache and --retrain (the same bits come out: the
// determinism and run-cache tests check it).

typedef union {
    bool flag;
    long integer;
    double real;
    const char *text;
    IntRange range;
} OptionValue;

static const char *const NEUTRAL_OPTIONS[] = {"--out",     "--claim",   "--quiet", "--verbose",
                                              "--evidence", "--strict", "--list-claims", "--threads",
                                              "--cache",   "--retrain", "--lang"};

static bool neutral_option(const char *name) {
    for (size_t i = 0; i < sizeof NEUTRAL_OPTIONS / sizeof NEUTRAL_OPTIONS[0]; i++)
        if (strcmp(name, NEUTRAL_OPTIONS[i]) == 0) return true;
    return false;
}

static OptionValue option_value(const OptionSpec *s) {
    OptionValue v;
    memset(&v, 0, sizeof v);
    switch (s->kind) {
    case OPTION_FLAG: v.flag = *(const bool *)s->value; break;
    case OPTION_INT: v.integer = *(const long *)s->value; break;
    case OPTION_REAL: v.real = *(const double *)s->value; break;
    case OPTION_TEXT: v.text = *(const char *const *)s->value; break;
    case OPTION_RANGE: v.range = *(const IntRange *)s->value; break;
    }
    return v;
}

static bool same_value(OptionKind kind, const OptionValue *a, const OptionValue *b) {
    switch (kind) {
    case OPTION_FLAG: return a->flag == b->flag;
    case OPTION_INT: return a->integer == b->integer;
    case OPTION_REAL: return a->real == b->real;
    case OPTION_TEXT: return a->text == b->text || (a->text && b->text && strcmp(a->text, b->text) == 0);
    case OPTION_RANGE: return a->range.first == b->range.first && a->range.last == b->range.last;
    }
    return true;
}

// The option as typed on a command line, its text quoted for a shell where it
// needs to be (common/run/shell_words.h: --sentence '我 打 你'; the words of
// --analogy each on their own).
static void append_setting(char *buf, size_t size, const OptionSpec *s, const OptionValue *v) {
    Buf typed = {0};
    buf_puts(&typed, s->name);
    switch (s->kind) {
    case OPTION_FLAG: break;
    case OPTION_INT: buf_printf(&typed, " %ld", v->integer); break;
    case OPTION_REAL: buf_printf(&typed, " %g", v->real); break;
    case OPTION_TEXT:
        if (s->flags & OPTION_WORDS) {
            const OptionWords *w = s->value;
            for (size_t i = 0; i < w->n; i++) buf_puts(&typed, " "), shell_word(&typed, w->words[i]);
        } else {
            buf_puts(&typed, " ");
            shell_word(&typed, v->text ? v->text : "");
        }
        break;
    case OPTION_RANGE: buf_printf(&typed, " %ld:%ld", v->range.first, v->range.last); break;
    }
    char *text = buf_take(&typed);
    size_t used = strlen(buf);
    // Never a word cut in two (an open quote): an option that does not fit is left out, and "..." says so.
    if (used + 1 + strlen(text) < size) snprintf(buf + used, size - used, "%s%s", used ? " " : "", text);
    else if (used + 4 < size && (used < 3 || strcmp(buf + used - 3, "...") != 0))
        snprintf(buf + used, size - used, "%s...", used ? " " : "");
    free(text);
}

Lang chapter_language(int argc, char **argv) {
    Lang lang = i18n_from_environment();
    for (int i = 1; i < argc; i++) {   // --lang, before the options are parsed (a bad value is refused then)
        const char *value = strncmp(argv[i], "--lang=", 7) == 0                  ? argv[i] + 7
                            : strcmp(argv[i], "--lang") == 0 && i + 1 < argc ? argv[i + 1]
                                                                              : NULL;
        if (value) i18n_parse_option(value, &lang);
    }
    i18n_use(lang);
    return lang;
}

int chapter_begin(Chapter *ch, int argc, char **argv, const OptionSpec *extra, size_t n_extra) {
    faults_install(ch->program);   // out of memory, signals, standard output: see faults.h
    ch->current_claim = -1;
    if (ch->n_claims > CHAPTER_MAX_CLAIMS) {
        fprintf(stderr, "%s: internal error: %zu claims, more than CHAPTER_MAX_CLAIMS = %d\n", ch->program,
                ch->n_claims, CHAPTER_MAX_CLAIMS);
        return EXIT_CLAIM_FAILED;
    }
    if (ch->seed == 0) ch->seed = 20170612;  // default seed: the date the Transformer paper appeared
    if (ch->out == NULL) ch->out = ch->program;
    // The language first, so that --help and a refused option speak it too.
    ch->lang = chapter_language(argc, argv);

    char claim_help[160];
    snprintf(claim_help, sizeof claim_help, _("run one claim only, e.g. %s (default: all)"),
             ch->n_claims ? ch->claims[ch->n_claims - 1].id : "1.1");
    OptionSpec specs[CHAPTER_MAX_OPTIONS];
    size_t n = 0;
    specs[n++] = (OptionSpec){"--seed", OPTION_INT, &ch->seed, 1, 4294967295.0, 0, "N",
                              _("seed of every random choice")};
    specs[n++] = (OptionSpec){"--out", OPTION_TEXT, &ch->out, 0, 0, 0, "DIR",
                              _("folder for data files and claims.tsv")};
    specs[n++] = (OptionSpec){"--claim", OPTION_TEXT, &ch->only_claim, 0, 0, 0, "ID", claim_help};
    specs[n++] = (OptionSpec){"--lang", OPTION_TEXT, &ch->lang_option, 0, 0, 0, "LANG",
                              _("the language: en, zh-TW or zh-CN (default: from LANGUAGE, LC_ALL, LC_MESSAGES or "
                                "LANG; else en); the numbers are the same in each")};
    specs[n++] = (OptionSpec){"--quiet", OPTION_FLAG, &ch->quiet, 0, 0, 0, NULL,
                              _("print only the verdict table")};
    specs[n++] = (OptionSpec){"--evidence", OPTION_FLAG, &ch->evidence, 0, 0, 0, NULL,
                              _("also print each claim's evidence under its lesson (method, tolerances, tables)")};
    specs[n++] = (OptionSpec){"--verbose", OPTION_FLAG, &ch->verbose, 0, 0, 0, NULL,
                              _("also print how it ran (CBLAS, kernels, threads, buffer sizes; implies --evidence)")};
    specs[n++] = (OptionSpec){"--strict", OPTION_FLAG, &ch->strict, 0, 0, 0, NULL,
                              _("exit 1 on any verdict other than the course's, even with other settings "
                                "(default: with other settings such a verdict is a finding, exit 0)")};
    bool list_claims = false;
    specs[n++] = (OptionSpec){"--list-claims", OPTION_FLAG, &list_claims, 0, 0, 0, NULL,
                              _("print the claim table (tab-separated, with the expected verdicts) and stop")};
    for (size_t i = 0; i < n_extra && n < CHAPTER_MAX_OPTIONS; i++) specs[n++] = extra[i];

    // --help opens with the chapter's title and summary, from its lesson in the reader's language.
    char *title, *summary_md;
    chapter_heading(ch, ch->lang, &title, &summary_md);
    char *summary_plain = lesson_plain(summary_md, LESSON_WIDTH);
    Buf summary = {0};
    buf_printf(&summary, "%s: %s\n%s", ch->program, title, summary_plain);
    if (summary.n && summary.s[summary.n - 1] == '\n') summary.s[--summary.n] = '\0';
    free(title), free(summary_md), free(summary_plain);
    OptionValue defaults[CHAPTER_MAX_OPTIONS];
    for (size_t i = 0; i < n; i++) defaults[i] = option_value(&specs[i]);
    OptionsResult parsed = options_parse(ch->program, summary.s, specs, n, argc, argv);
    free(buf_take(&summary));
    if (parsed == OPTIONS_HELP) {
        printf(_("\nexit status: 0 every verdict as expected (with settings other than the defaults a\n"
                 "verdict that differs is a finding and also exits 0, unless --strict), 1 a verdict\n"
                 "differs, 2 bad input, 3 an output file or standard output could not be written,\n"
                 "4 out of memory, 5 training diverged (its loss or parameters stopped being finite)\n"));
        return EXIT_AS_EXPECTED;
    }
    if (parsed == OPTIONS_ERROR) return EXIT_BAD_INPUT;
    if (ch->lang_option && !i18n_parse_option(ch->lang_option, &ch->lang))
        return chapter_reject(ch, "--lang", ch->lang_option, _("expected en, zh-TW or zh-CN"));
    if (list_claims) return print_claim_table(ch);
    if (ch->verbose) ch->evidence = true;
    ch->settings[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        OptionValue now = option_value(&specs[i]);
        if (!neutral_option(specs[i].name) && !same_value(specs[i].kind, &defaults[i], &now))
            append_setting(ch->settings, sizeof ch->settings, &specs[i], &now);
    }

    if (ch->only_claim) {
        bool known = false;
        char ids[256] = "";
        for (size_t i = 0; i < ch->n_claims; i++) {
            if (strcmp(ch->claims[i].id, ch->only_claim) == 0) known = true;
            strncat(ids, " ", sizeof ids - strlen(ids) - 1);
            strncat(ids, ch->claims[i].id, sizeof ids - strlen(ids) - 1);
        }
        if (!known) {
            char accepted[300];
            snprintf(accepted, sizeof accepted, _("expected one of%s"), ids);
            return chapter_reject(ch, "--claim", ch->only_claim, accepted);
        }
    }
    return CHAPTER_CONTINUE;
}

// The output folder is prepared after the chapter's own option checks, so
// bad input never creates anything. chapter_run_claims calls this first.
static void prepare_output(Chapter *ch) {
    char why[256];
    if (!output_dir_prepare(ch->out, why, sizeof why)) {
        char accepted[300];
        snprintf(accepted, sizeof accepted, _("%s; choose a folder you can write to"), why);
        options_reject(ch->program, "--out", ch->out, accepted);
        exit(EXIT_BAD_INPUT);
    }
    // One run at a time into a folder (common/run/folder_lock.h): a second waits.
    if (!folder_lock(ch->program, ch->out)) {
        fprintf(stderr, _("%s: cannot lock %s/.lock: %s\n"), ch->program, ch->out, strerror(errno));
        exit(EXIT_IO_FAILED);
    }
    remove_previous_run(ch);
    DataFile f;
    chapter_data_open(ch, &f, "chapter.txt", NULL);
    // (data, the same in every language: the English lesson's title and summary, the summary as plain text)
    char *title, *summary;
    chapter_heading(ch, LANG_EN, &title, &summary);
    char *plain = lesson_plain(summary, LESSON_WIDTH);
    datafile_printf(&f, "%s\n%s", title, plain[0] ? plain : "\n");
    free(title), free(summary), free(plain);
    chapter_data_close(ch, &f);
}

// Each claim draws from its own stream, so "--claim 1.4" reproduces exactly
// the numbers of the full run: the seed XOR the low 32 bits of the id's hash
// (every claim's numbers depend on this: keep it as it is). A claim whose id
// changed keeps the stream of the id it had (STREAM_IDS: the claims renumbered
// into teaching order, docs/CLAIMS.md), and with it its numbers.
static const struct { const char *program, *id, *stream; } STREAM_IDS[] = {
    {"ch02", "2.3", "2.4"},
    {"ch02", "2.4", "2.3"},
    {"ch03", "3.1", "3.5"},
    {"ch03", "3.2", "3.3"},
    {"ch03", "3.3", "3.4"},
    {"ch03", "3.4", "3.6"},
    {"ch03", "3.5", "3.1"},
    {"ch03", "3.6", "3.2"},
    {"ch05", "5.4", "5.5"},
    {"ch05", "5.5", "5.4"},
    {"ch06", "6.1", "6.5"},
    {"ch06", "6.2", "6.6"},
    {"ch06", "6.3", "6.1"},
    {"ch06", "6.4", "6.7"},
    {"ch06", "6.5", "6.4"},
    {"ch06", "6.6", "6.2"},
    {"ch06", "6.7", "6.3"},
};
static unsigned long claim_seed(const char *program, long seed, const char *id) {
    for (size_t k = 0; k < sizeof STREAM_IDS / sizeof STREAM_IDS[0]; k++)
        if (strcmp(STREAM_IDS[k].program, program) == 0 && strcmp(STREAM_IDS[k].id, id) == 0) {
            id = STREAM_IDS[k].stream;
            break;
        }
    return (unsigned long)seed ^ (unsigned long)(hash_text(HASH_START, id) & 0xffffffffu);
}

// ---- lessons -------------------------------------------------------------------


// The chapter's lesson file (lessons/LANG/<program>.md, embedded) in the
// chapter's language, else in English: parsed once. A file that does not
// parse is an internal failure (exit 1), named.
static bool load_lesson(Chapter *ch) {
    const char *lang = i18n_code(ch->lang);
    const char *text = lesson_source(lang, ch->program);
    if (text == NULL && ch->lang != LANG_EN) {
        fprintf(stderr, _("%s: no %s lesson in this build: the lesson is in English\n"), ch->program, lang);
        lang = "en";
        text = lesson_source(lang, ch->program);
    }
    if (text == NULL) return true;   // not written yet: the claims print their evidence instead
    ch->lesson = malloc(sizeof *ch->lesson);
    if (ch->lesson == NULL) faults_out_of_memory("the lesson", sizeof *ch->lesson);
    char why[256];
    if (!lesson_parse(text, ch->lesson, why, sizeof why)) {
        fprintf(stderr, "%s: internal error: lessons/%s/%s.md, %s\n", ch->program, lang, ch->program, why);
        free(ch->lesson);
        ch->lesson = NULL;
        return false;
    }
    return true;
}

// A claim's text as plain text on one line (a new string, "" when there is
// none): the lesson's field ("says", "expected", "key", "verdict:VERDICT:CASE")
// rendered with 'values' (NULL: shown with its placeholders).
static char *claim_field(const Lesson *lesson, const char *id, const char *field, const LessonValues *values) {
    const LessonClaim *lc = lesson ? lesson_claim(lesson, id) : NULL;
    const char *markdown = NULL;
    if (lc) {
        if (strcmp(field, "says") == 0) markdown = lc->says;
        else if (strcmp(field, "expected") == 0) markdown = lc->expected;
        else if (strcmp(field, "key") == 0) markdown = lc->key;
        else if (strncmp(field, "verdict:", 8) == 0) {
            char verdict[32];
            const char *when = strchr(field + 8, ':');
            snprintf(verdict, sizeof verdict, "%.*s", (int)(when - field - 8), field + 8);
            markdown = lesson_verdict_text(lc, verdict, when + 1);
        }
    }
    if (markdown == NULL || markdown[0] == '\0') return strdup("");
    char why[256];
    char *md = values ? lesson_render(markdown, values, why, sizeof why) : strdup(markdown);
    if (md == NULL) return strdup("");
    char *plain = lesson_plain(md, 1 << 20);
    free(md);
    for (char *p = plain; *p; p++)
        if (*p == '\n') *p = ' ';
    size_t n = strlen(plain);
    while (n && plain[n - 1] == ' ') plain[--n] = '\0';
    return plain;
}

// The English lesson (claims.tsv is data: its words are the English ones), parsed once; NULL when none.
static const Lesson *english_lesson(Chapter *ch) {
    if (ch->lang == LANG_EN) return ch->lesson;
    if (ch->lesson_en == NULL) {
        const char *text = lesson_source("en", ch->program);
        char why[256];
        ch->lesson_en = malloc(sizeof *ch->lesson_en);
        if (ch->lesson_en == NULL) faults_out_of_memory("the lesson", sizeof *ch->lesson_en);
        if (text == NULL || !lesson_parse(text, ch->lesson_en, why, sizeof why)) {
            free(ch->lesson_en);
            ch->lesson_en = NULL;
        }
    }
    return ch->lesson_en;
}

static void print_plain(const char *markdown, const char *first_line_prefix) {
    if (markdown == NULL || markdown[0] == '\0') return;
    char *plain = lesson_plain(markdown, LESSON_WIDTH);
    printf("%s%s", first_line_prefix, plain);
    free(plain);
}

// The numbers every lesson may name besides the claim's own (lessons/README.md).
static void standard_values(const Chapter *ch, ClaimResult *r) {
    if (!lesson_values_get(&r->values, "measured")) claim_value(r, "measured", r->measured);
    if (!lesson_values_get(&r->values, "document")) claim_value(r, "document", r->document);
    if (!lesson_values_get(&r->values, "tolerance")) claim_value(r, "tolerance", r->tolerance);
    if (!lesson_values_get(&r->values, "settings")) claim_text(r, "settings", "%s", ch->settings);
}

// A claim's lesson with its numbers, then (with --evidence) its narrative,
// then the verdict sentence. Without a lesson: the statement and the narrative.
static void print_claim(Chapter *ch, size_t i) {
    const ClaimDef *c = &ch->claims[i];
    const ClaimResult *r = &ch->results[i];
    const LessonClaim *lc = ch->lesson ? lesson_claim(ch->lesson, c->id) : NULL;
    LessonParts parts = {0};
    bool rendered = false;
    if (lc) {
        LessonRun run = {verdict_name(r->verdict), r->lesson_case, claim_scope_name(c->scope),
                         erratum_weight_name(c->weight), &r->values};
        char why[256];
        rendered = lesson_render_claim(lc, &run, &parts, why, sizeof why);
        if (!rendered) {
            fprintf(stderr, "%s: internal error: the lesson of claim %s: %s\n", ch->program, c->id, why);
            ch->lesson_problems++;
        } else if (parts.verdict_missing) {
            fprintf(stderr, "%s: the lesson of claim %s has no words for the verdict \"%s\"%s%s; its finding stands "
                            "in for them\n", ch->program, c->id, verdict_name(r->verdict),
                    r->lesson_case[0] ? " when " : "", r->lesson_case);
        }
    } else if (ch->lesson) {
        fprintf(stderr, "%s: internal error: lessons/%s/%s.md has no lesson for claim %s\n", ch->program,
                i18n_code(ch->lang), ch->program, c->id);
        ch->lesson_problems++;
    }
    if (ch->quiet) {
        lesson_parts_free(&parts);
        return;
    }
    printf("\n%s · %s\n", c->id, lesson_source_label(lc && lc->source[0] ? lc->source : c->source));
    if (rendered) {
        print_plain(parts.says, "");
        printf("\n");
        print_plain(parts.idea, "");
        if (lc->n_figures) {
            const char *label = _("Figure:");
            // (after a full-width colon the names follow without a space)
            bool wide = ends_fullwidth_punct(label);
            printf("\n%s", label);
            for (size_t f = 0; f < lc->n_figures; f++)
                printf("%s%s%s", f == 0 && wide ? "" : " ", lc->figures[f], f + 1 < lc->n_figures ? "," : "");
            printf("\n");
        }
    } else {
        printf("%s\n", _("(this claim has no lesson)"));
    }
    if (ch->evidence || !rendered) {
        if (rendered) printf("\n%s\n", _("Evidence:"));
        // the lesson's evidence with the run's numbers, then what the claim still printed itself
        if (rendered && parts.evidence[0]) print_plain(parts.evidence, "");
        if (rendered && parts.evidence[0] && ch->narrative[i].s) printf("\n");
        if (ch->narrative[i].s) fputs(ch->narrative[i].s, stdout);
    }
    const char *words = lesson_verdict_words(verdict_name(r->verdict), erratum_weight_name(c->weight));
    bool have_sentence = rendered && !parts.verdict_missing && parts.verdict[0];
    const char *sentence = have_sentence ? parts.verdict : _("(no finding recorded)");
    // The verdict and its sentence wrapped as one paragraph (a finding is plain text: escaped as a value is).
    char *escaped = have_sentence ? NULL : lesson_escaped(sentence);
    size_t size = strlen(words) + strlen(escaped ? escaped : sentence) + 8;
    char *line = malloc(size);
    if (line == NULL) faults_out_of_memory("a verdict line", size);
    snprintf(line, size, _("=> %s: %s"), words, escaped ? escaped : sentence);
    free(escaped);
    printf("\n");
    print_plain(line, "");
    free(line);
    if (r->verdict != c->expected) {
        char *why = claim_field(ch->lesson, c->id, "expected", &r->values);
        if (mismatch_fails(ch)) {
            printf(_("   NOT the expected verdict: expected %s because %s\n"), verdict_label(c->expected), why);
        } else if (why[0]) {
            printf(_("   A finding of %s: at the course's settings it is %s (%s).\n"), ch->settings,
                   verdict_label(c->expected), why);
        } else {
            printf(_("   A finding of %s: at the course's settings it is %s.\n"), ch->settings,
                   verdict_label(c->expected));
        }
        free(why);
    }
    lesson_parts_free(&parts);
}

void chapter_run_claims(Chapter *ch) {
    // The lesson is read here, not in chapter_begin: a print mode (ch03
    // --print-table) or a refused option never needs it.
    if (!load_lesson(ch)) exit(EXIT_CLAIM_FAILED);
    faults_blas_start(build_cblas_name());   // (its buffers, before anything is written: common/base/faults.h)
    prepare_output(ch);
    double start = wallclock_seconds();
    if (!ch->quiet) {
        if (ch->lesson) {
            printf("%s · %s\n", ch->program, ch->lesson->title);
            print_plain(ch->lesson->intro, "\n");
        } else {
            printf("%s\n", ch->program);
        }
        printf(_("\n(seed %ld; output: %s/%s)\n"), ch->seed, ch->out,
               ch->evidence ? "" : _("; --evidence: the measurements"));
        if (chapter_exploring(ch))
            printf(ch->strict ? _("Exploring: %s (not the course's settings). A verdict that differs from the one "
                                  "the course's settings give is a finding of these settings; with --strict it also "
                                  "fails the run (exit 1).\n")
                              : _("Exploring: %s (not the course's settings). A verdict that differs from the one "
                                  "the course's settings give is a finding of these settings, not a failure.\n"),
                   ch->settings);
    }
    for (size_t i = 0; i < ch->n_claims && i < CHAPTER_MAX_CLAIMS; i++) {
        const ClaimDef *c = &ch->claims[i];
        if (!chapter_wants(ch, c->id)) continue;
        ClaimResult *r = &ch->results[i];
        *r = (ClaimResult){.verdict = VERDICT_NOT_RUN, .measured = NAN, .document = NAN, .tolerance = NAN};
        ch->rng = random_new(claim_seed(ch->program, ch->seed, c->id));
        ch->current_claim = (int)i;   // what the claim prints from here on is its narrative
        c->measure(ch, r);
        ch->current_claim = -1;
        random_free(ch->rng);
        ch->rng = NULL;
        ch->ran[i] = true;
        standard_values(ch, r);
        print_claim(ch, i);
    }
    ch->seconds = wallclock_seconds() - start;
}

static void tsv_field(DataFile *f, const char *text, bool last) {
    // Tabs and newlines would break the row: replace them with spaces.
    for (const char *p = text; *p; p++) datafile_printf(f, "%c", (*p == '\t' || *p == '\n') ? ' ' : *p);
    datafile_printf(f, last ? "\n" : "\t");
}

// The process's peak resident memory so far, in bytes (VmHWM in
// /proc/self/status); 0 when it cannot be read.
static double peak_resident_bytes(void) {
    FILE *fp = fopen("/proc/self/status", "r");
    if (fp == NULL) return 0.0;
    char line[256];
    double kb = 0.0;
    while (fgets(line, sizeof line, fp))
        if (sscanf(line, "VmHWM: %lf kB", &kb) == 1) break;
    fclose(fp);
    return kb * 1024.0;
}

int chapter_end(Chapter *ch) {
    int mismatches = 0, findings = 0;
    char b1[32], b2[32], b3[32];
    if (ch->memory_estimate > 0.0)
        chapter_detail(ch, "memory: estimated %.0f MB, peak resident %.0f MB (VmHWM)\n",
                       ch->memory_estimate / 1048576.0, peak_resident_bytes() / 1048576.0);
    printf(_("\n%s verdicts (%.2f s)\n"), ch->program, ch->seconds);
    // The key numbers are in the lessons' verdict sentences; the table adds
    // them (as measured, with what they are) with --evidence.
    printf("  ");
    print_padded(stdout, _("claim"), 7);
    print_padded(stdout, _("scope"), 8);
    if (ch->evidence) {
        print_padded(stdout, _("verdict"), 20);
        printf("%s\n", _("key number"));
    } else {
        printf("%s\n", _("verdict"));
    }
    for (size_t i = 0; i < ch->n_claims && i < CHAPTER_MAX_CLAIMS; i++) {
        if (!ch->ran[i]) continue;
        const ClaimDef *c = &ch->claims[i];
        const ClaimResult *r = &ch->results[i];
        bool ok = r->verdict == c->expected, fails = !ok && mismatch_fails(ch);
        if (fails) mismatches++;
        else if (!ok) findings++;
        printf("%s ", ok ? " " : fails ? "!" : "*");
        print_padded(stdout, c->id, 7);
        print_padded(stdout, _(claim_scope_name(c->scope)), 8);
        const char *words = lesson_verdict_words(verdict_name(r->verdict), erratum_weight_name(c->weight));
        if (ch->evidence) {
            print_padded(stdout, words, 20);
            lesson_number(b1, sizeof b1, r->measured);
            char *key = claim_field(ch->lesson, c->id, "key", &r->values);
            const char *name = key[0] ? key : _("measured");
            // (no space between a full-width parenthesis and the sign)
            printf("%s%s= %s", name, ends_fullwidth_punct(name) ? "" : " ", b1);
            free(key);
        } else {
            printf("%s", words);
        }
        // (the course's verdict only where this run's differs)
        if (!ok) printf(_("   (expected: %s)"), verdict_label(c->expected));
        printf("\n");
    }

    DataFile f;
    chapter_data_open(ch, &f, "claims.tsv", NULL);
    char header[256];
    claims_tsv_header(header, sizeof header);
    datafile_printf(&f, "%s\n", header);
    for (size_t i = 0; i < ch->n_claims && i < CHAPTER_MAX_CLAIMS; i++) {
        if (!ch->ran[i]) continue;
        const ClaimDef *c = &ch->claims[i];
        const ClaimResult *r = &ch->results[i];
        // The words are the English lesson's where the chapter no longer gives them in C.
        const Lesson *en = english_lesson(ch);
        char *key = claim_field(en, c->id, "key", &r->values);
        char *statement = claim_field(en, c->id, "says", &r->values);
        char verdict_field[96];
        snprintf(verdict_field, sizeof verdict_field, "verdict:%s:%s", verdict_name(r->verdict), r->lesson_case);
        char *finding = claim_field(en, c->id, verdict_field, &r->values);
        const char *cells[CLAIMS_TSV_N] = {
            [CLAIMS_TSV_id] = c->id,
            [CLAIMS_TSV_source] = c->source,
            [CLAIMS_TSV_verdict] = verdict_name(r->verdict),
            [CLAIMS_TSV_expected_verdict] = verdict_name(c->expected),
            [CLAIMS_TSV_measured] = format_number(r->measured, b1, sizeof b1),
            [CLAIMS_TSV_document] = format_number(r->document, b2, sizeof b2),
            [CLAIMS_TSV_tolerance] = format_number(r->tolerance, b3, sizeof b3),
            [CLAIMS_TSV_key] = key,
            [CLAIMS_TSV_statement] = statement,
            [CLAIMS_TSV_finding] = finding,
            [CLAIMS_TSV_scope] = claim_scope_name(c->scope),
            [CLAIMS_TSV_weight] = erratum_weight_name(c->weight),
            [CLAIMS_TSV_lesson_case] = r->lesson_case,
        };
        for (size_t k = 0; k < CLAIMS_TSV_N; k++) tsv_field(&f, cells[k], k + 1 == CLAIMS_TSV_N);
        free(key), free(statement), free(finding);
    }
    chapter_data_close(ch, &f);

    chapter_data_open(ch, &f, "narratives.tsv", NULL);
    datafile_printf(&f, "id\tnarrative\n");
    for (size_t i = 0; i < ch->n_claims && i < CHAPTER_MAX_CLAIMS; i++) {
        if (!ch->ran[i]) continue;
        char *escaped = tsv_escaped(ch->narrative[i].s ? ch->narrative[i].s : "");
        if (escaped == NULL) faults_out_of_memory("narratives.tsv", 2 * ch->narrative[i].n + 1);
        datafile_printf(&f, "%s\t%s\n", ch->claims[i].id, escaped);
        free(escaped);
        free(buf_take(&ch->narrative[i]));
    }
    chapter_data_close(ch, &f);
    // values.tsv: the numbers and words each claim's lesson names (lessons/README.md).
    chapter_data_open(ch, &f, "values.tsv", NULL);
    datafile_printf(&f, "id\tname\tvalue\n");
    for (size_t i = 0; i < ch->n_claims && i < CHAPTER_MAX_CLAIMS; i++) {
        if (!ch->ran[i]) continue;
        LessonValues *v = &ch->results[i].values;
        for (size_t k = 0; k < v->n; k++) {
            char *name = tsv_escaped(v->items[k].name), *value = tsv_escaped(v->items[k].value);
            if (name == NULL || value == NULL) faults_out_of_memory("values.tsv", 2 * strlen(v->items[k].value) + 1);
            datafile_printf(&f, "%s\t%s\t%s\n", ch->claims[i].id, name, value);
            free(name);
            free(value);
        }
        lesson_values_free(v);
    }
    chapter_data_close(ch, &f);
    save_manifest(ch, "complete");
    manifest_free(&ch->files);
    for (Lesson **l = (Lesson *[]){ch->lesson, ch->lesson_en}, **end = l + 2; l < end; l++)
        if (*l) lesson_free(*l), free(*l);
    ch->lesson = ch->lesson_en = NULL;

    if (chapter_exploring(ch)) printf(_("settings: %s (the course's: the defaults, see --help)\n"), ch->settings);
    if (findings)
        printf(_("%d claim(s) came out differently from the course's settings (marked *): findings of these "
                 "settings, not failures (--strict makes them fail)\n"), findings);
    if (mismatches) {
        printf(_("%d claim(s) did not come out as expected (marked !): exit status 1\n"), mismatches);
        return EXIT_CLAIM_FAILED;
    }
    if (ch->lesson_problems) {
        printf(_("%d lesson(s) could not be written with this run's numbers (see the messages above): exit status 1\n"),
               ch->lesson_problems);
        return EXIT_CLAIM_FAILED;
    }
    return EXIT_AS_EXPECTED;
}
