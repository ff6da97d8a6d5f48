// workbook_run.c: the driver behind ./workbook and `cmake --workflow --preset workbook`.
//
//   workbook_run --out DIR --plots DIR [--gnuplot PROGRAM] [--exercises DIR] [FIGURE OPTIONS] CHAPTER...
//       Runs every chapter in order into DIR/chNN/ (its standard output goes
//       to DIR/chNN/output.txt), draws every plots/chNN_*.gp into
//       DIR/figures/ (SVG in every language: figures/NAME.svg,
//       figures/zh-TW/NAME.svg, figures/zh-CN/NAME.svg; PNG in the reader's
//       language only, figures/[LANG/]NAME.png), records how each chapter ran in
//       DIR/chNN/run.tsv, writes DIR/REPORT.md from every chapter folder, and
//       prints a summary table.
//
//   workbook_run ... --chapter chNN CHAPTER... [-- OPTION...]
//       One chapter (./workbook chNN): runs only chNN (one of CHAPTER...,
//       which give the report's order) with OPTION... into DIR/chNN/, redraws
//       its figures, and writes REPORT.md again from every chapter folder (the
//       other chapters' sections come from their own folders, as they were).
//       --figure-size and --font-scale may stand among OPTION...: they are the
//       driver's. A chapter that refuses its options (exit 2) stops the run
//       before any file is removed or written.
//
//   workbook_run --render SCRIPT --data DIR --figures DIR [--gnuplot PROGRAM] [FIGURE OPTIONS]
//       Draws one figure (the figure tests), PNG and SVG, in the reader's
//       language, into DIR itself; its words come from SCRIPT's
//       ../lessons/LANG/figure_words.tsv (else the lessons built in).
//
//   --lang en|zh-TW|zh-CN: the reader's language (default: the environment's,
//   common/base/i18n.h), passed on to the chapters and the language of the PNG
//   figures; the report is written in every language, REPORT.md,
//   REPORT.zh-TW.md and REPORT.zh-CN.md, each showing its own figures.
//
//   FIGURE OPTIONS, for projecting the figures (tools/figures.h):
//     --figure-size WxH  the standard figure, 1000x600 pixels, becomes W x H
//     --font-scale X     every text X times its usual size
//
// The run is data: the chapters write their files (common/run/chapter.h), the
// driver adds output.txt and run.tsv (common/run/run_data.h says what each holds)
// and the figures; REPORT.md is written from what common/run_data reads back
// (tools/report_md.c), as the HTML pages are (tools/workbook_pages.c).
// Its pieces: the command line (tools/driver_options.c), run.tsv
// (tools/run_record.c), the summary at the end (tools/summary.c).
//
// What DIR holds: DIR/MANIFEST (common/run/manifest.h) lists every file the
// driver wrote there: REPORT.md, chNN/output.txt, chNN/run.tsv,
// figures/[LANG/]NAME.png and .svg. Running a chapter first removes that chapter's
// listed files; a file the driver did not write is never removed. Every file
// is written under a temporary name and named only when complete (figures
// also checked: tools/figures.h); REPORT.md is replaced only at the end, so a
// run that is stopped leaves the previous complete REPORT.md.
//
// Exit statuses (common/base/exitcodes.h):
//   0    every chapter exited 0 with its claims, every figure was drawn (run
//        mode: without gnuplot figures count as skipped); --render: drawn
//   1    a chapter exited with another status or wrote no claims.tsv, or a
//        figure could not be drawn; --render: the figure could not be drawn
//   2    bad input (one line on stderr; nothing written)
//   3    a write failed: one of the driver's files (the run stops there),
//        standard output, or a chapter exited 3
//   77   --render only: skipped, no gnuplot
//   128+N  stopped by signal N (tools/child.h)
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/datafile.h"
#include "base/exitcodes.h"
#include "base/faults.h"
#include "base/i18n.h"
#include "base/progress.h"
#include "base/text_file.h"
#include "base/wallclock.h"
#include "run/folder_lock.h"
#include "run/lesson.h"
#include "run/manifest.h"
#include "run/run_data.h"
#include "run/shell_words.h"
#include "child.h"
#include "driver_options.h"
#include "figures.h"
#include "report_md.h"
#include "run_record.h"
#include "summary.h"
#include "workbook_commit.h"   // WORKBOOK_COMMIT (generated at build time: tools/commit_id.cmake)

// run_chapter's answer for a print mode (ch03 --print-table): the chapter
// printed and wrote nothing, so there is no record, figure or report to write.
enum { PRINTED_ONLY = -2 };

static const char *const PROGRAM = DRIVER_PROGRAM;
static const char MANIFEST_LINE[] = "# The files workbook_run wrote here; running a chapter removes its files first.";

// ---- standard output ----------------------------------------------------------------

static int stdout_status(void) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, _("%s: cannot write to standard output: %s\n"), PROGRAM, strerror(errno));
        return EXIT_IO_FAILED;
    }
    return EXIT_AS_EXPECTED;
}

static bool is_folder(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

// ---- --render: one figure ----------------------------------------------------------

static int render_mode(const Arguments *a, const char *gnuplot, Lang lang) {
    if (a->only || a->exercises_arg || a->n_passed)
        return driver_reject("--render", a->render, _("draws one figure: it takes --data, --figures and --gnuplot, not "
                                               "--chapter, --exercises or options after '--'"));
    if (a->out || a->plots || a->n_chapters > 0)
        return driver_reject("--render", a->render, a->n_chapters && !a->out && !a->plots
                                                 ? _("draws one figure and takes no chapter programs")
                                                 : _("draws one figure: it takes --data, --figures and --gnuplot, "
                                                     "not --out or --plots"));
    if (!a->data || !a->figures)
        return fprintf(stderr, _("%s: --render: %s is missing; expected --render SCRIPT --data DIR --figures DIR\n"),
                       PROGRAM, a->data ? "--figures" : "--data"),
               EXIT_BAD_INPUT;
    if (!driver_text_ok("--render", a->render, N_("a gnuplot script")) || !driver_text_ok("--data", a->data, N_("a folder")) ||
        !driver_text_ok("--figures", a->figures, N_("a folder")))
        return EXIT_BAD_INPUT;
    char accepted[WHY_LEN], why[WHY_LEN];
    FILE *fp = fopen(a->render, "r");
    if (fp == NULL) {
        snprintf(accepted, sizeof accepted, _("cannot read it (%s); expected a gnuplot script"), strerror(errno));
        return driver_reject("--render", a->render, accepted);
    }
    fclose(fp);
    const char *base = strrchr(a->render, '/');
    base = base ? base + 1 : a->render;
    struct stat st;
    if (strlen(base) < 4 || strcmp(base + strlen(base) - 3, ".gp") != 0 || stat(a->render, &st) != 0 ||
        !S_ISREG(st.st_mode))
        return driver_reject("--render", a->render, _("expected a gnuplot script, a file named NAME.gp"));
    if (!is_folder(a->data)) return driver_reject("--data", a->data, _("not a folder; expected the chapter's data folder"));
    if (gnuplot == NULL) {
        printf(_("SKIPPED: gnuplot was not found on PATH, %s was not rendered\n"), base);
        return stdout_status() == EXIT_AS_EXPECTED ? EXIT_SKIPPED : EXIT_IO_FAILED;
    }
    if (!output_dir_prepare(a->figures, why, sizeof why)) {
        snprintf(accepted, sizeof accepted, _("%s; give a folder you can write to"), why);
        return driver_reject("--figures", a->figures, accepted);
    }
    // The words: lessons/ beside the script's plots/ folder, else the ones built in.
    char lessons[ARG_MAX_LEN + 64];
    snprintf(lessons, sizeof lessons, "%.*s../lessons", (int)(base - a->render), a->render);
    figures_set_lessons(is_folder(lessons) ? lessons : NULL);
    child_install_signal_handlers();
    int write_error = 0;
    if (!figures_draw(gnuplot, a->render, a->data, a->figures, lang, true, NULL, NULL, why, sizeof why, &write_error)) {
        fprintf(stderr, "%s: %s: %s\n", PROGRAM, base, why);
        return write_error ? EXIT_IO_FAILED : EXIT_CLAIM_FAILED;
    }
    printf(_("rendered %s/%.*s.png and .svg\n"), a->figures, (int)strlen(base) - 3, base);
    return stdout_status();
}

// ---- a run: the chapters, their figures, the report ---------------------------------

typedef struct {
    char name[8];                  // ch01
    char *program;                 // the resolved path
    bool run;                      // run in this invocation
} ChapterProgram;

typedef struct {
    const Arguments *args;
    const char *out, *plots, *gnuplot;
    char *exercises;               // the exercises folder, or NULL
    char *figdir;
    ChapterProgram chapters[MAX_CHAPTERS];
    size_t n_chapters;
    char settings[ARG_MAX_LEN + 64];   // the one chapter's options, as a shell reads them (shell_words)
    bool one_claim;                // --claim among them: figures of other claims have no data
    const char *only_claim;        // its value (NULL: not given)
    Lang lang;                     // the reader's language (--lang, else the environment's)
    char *lessons;                 // PLOTS/../lessons when it is a folder (NULL: the lessons built in)
    Manifest manifest;             // DIR/MANIFEST
    int worst;                     // the exit status so far
} Driver;

static void worsen(Driver *d, int status) {
    if (status == EXIT_IO_FAILED || (d->worst != EXIT_IO_FAILED && status > d->worst)) d->worst = status;
}

// A name the driver writes, relative to DIR.
static bool driver_file(const char *rel) {
    for (Lang lang = 0; lang < LANG_COUNT; lang++)
        if (strcmp(rel, report_md_name(lang)) == 0) return true;
    if (strncmp(rel, "ch", 2) == 0 && rel[2] >= '0' && rel[2] <= '9' && rel[3] >= '0' && rel[3] <= '9' &&
        (strcmp(rel + 4, "/output.txt") == 0 || strcmp(rel + 4, "/run.tsv") == 0))
        return true;
    return strncmp(rel, "figures/", 8) == 0 && figures_file_name(rel + 8);   // figures/[zh-TW/]NAME.png
}

static const char *g_dropping;     // the chapter whose files manifest_remove_files drops

static bool chapter_file(const char *rel) {
    size_t len = strlen(g_dropping);
    if (strncmp(rel, g_dropping, len) == 0 && rel[len] == '/') return true;
    if (strncmp(rel, "figures/", 8) != 0) return false;
    rel += 8;
    for (Lang lang = 1; lang < LANG_COUNT; lang++)   // each language's figures (figures.h)
        if (strncmp(rel, figures_language_dir(lang), strlen(figures_language_dir(lang))) == 0)
            rel += strlen(figures_language_dir(lang));
    return strncmp(rel, g_dropping, len) == 0 && rel[len] == '_';
}

// The folder of one language's figures: figures/, figures/zh-TW, figures/zh-CN.
static void language_figdir(const Driver *d, Lang lang, char *buf, size_t size) {
    const char *sub = figures_language_dir(lang);
    snprintf(buf, size, "%s%s%.*s", d->figdir, sub[0] ? "/" : "", sub[0] ? (int)strlen(sub) - 1 : 0, sub);
}

// Drivers before MANIFEST left gnuplot logs and temporaries in figures/
// (.NAME.png.log, .NAME.svg.log, .NAME.tmp.png, .NAME.tmp.svg): names only they wrote.
static void remove_legacy_files(const char *figdir) {
    static const char *const ENDINGS[] = {".png.log", ".svg.log", ".tmp.png", ".tmp.svg"};
    DIR *dir = opendir(figdir);
    struct dirent *e;
    while (dir && (e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        for (size_t i = 0; i < sizeof ENDINGS / sizeof ENDINGS[0] && e->d_name[0] == '.'; i++) {
            size_t el = strlen(ENDINGS[i]);
            char stem[256];
            if (len <= el + 1 || len - el - 1 >= sizeof stem || strcmp(e->d_name + len - el, ENDINGS[i]) != 0) continue;
            snprintf(stem, sizeof stem, "%.*s", (int)(len - el - 1), e->d_name + 1);
            if (!figures_name_ok(stem)) continue;
            char path[4400];
            snprintf(path, sizeof path, "%s/%s", figdir, e->d_name);
            unlink(path);
        }
    }
    if (dir) closedir(dir);
}

static int check_run_inputs(Driver *d) {
    const Arguments *a = d->args;
    if (a->data || a->figures)
        return fprintf(stderr, _("%s: %s: only for --render; expected --out DIR --plots DIR CHAPTER...\n"), PROGRAM,
                       a->data ? "--data" : "--figures"),
               EXIT_BAD_INPUT;
    if (!a->out || !a->plots)
        return fprintf(stderr, _("%s: %s is missing; expected --out DIR --plots DIR [--gnuplot PROGRAM] CHAPTER... "
                               "(see --help)\n"), PROGRAM, a->out ? "--plots" : "--out"),
               EXIT_BAD_INPUT;
    if (a->n_chapters == 0)
        return fprintf(stderr, _("%s: no chapter program given; expected one or more chNN programs after the options\n"),
                       PROGRAM),
               EXIT_BAD_INPUT;
    if (!driver_text_ok("--out", a->out, N_("a folder")) || !driver_text_ok("--plots", a->plots, N_("a folder"))) return EXIT_BAD_INPUT;
    if (!is_folder(a->plots))
        return driver_reject("--plots", a->plots, _("not a folder; expected the workbook's plots/ folder"));
    char path[ARG_MAX_LEN + 64];
    snprintf(path, sizeof path, "%s/common.gp", a->plots);
    if (access(path, R_OK) != 0)
        return driver_reject("--plots", a->plots, _("it has no common.gp; expected the workbook's plots/ folder"));
    d->out = a->out;
    d->plots = a->plots;
    if (a->exercises_arg) {
        if (!driver_text_ok("--exercises", a->exercises_arg, N_("a folder"))) return EXIT_BAD_INPUT;
        if (!is_folder(a->exercises_arg))
            return driver_reject("--exercises", a->exercises_arg, _("not a folder; expected the workbook's exercises/ folder"));
        d->exercises = text_copy(a->exercises_arg);
    } else {
        snprintf(path, sizeof path, "%s/../exercises", a->plots);
        if (is_folder(path)) d->exercises = text_copy(path);
    }
    // The lessons beside the plots, as the exercises (else the ones built in).
    snprintf(path, sizeof path, "%s/../lessons", a->plots);
    if (is_folder(path)) d->lessons = text_copy(path);
    for (size_t k = 0; k < a->n_passed; k++) {
        if (strcmp(a->passed[k], "--claim") == 0 && k + 1 < a->n_passed) d->only_claim = a->passed[k + 1];
        if (strncmp(a->passed[k], "--claim=", 8) == 0) d->only_claim = a->passed[k] + 8;
        d->one_claim = d->one_claim || strcmp(a->passed[k], "--claim") == 0 || strncmp(a->passed[k], "--claim=", 8) == 0;
    }
    // The options as a shell reads them back (common/run/shell_words.h): the
    // report's "Run with" and the heading of the run can be pasted as they are.
    Buf typed = {0};
    shell_words(&typed, a->passed, a->n_passed);
    char *settings = buf_take(&typed);
    bool fits = strlen(settings) < sizeof d->settings;
    if (fits) snprintf(d->settings, sizeof d->settings, "%s", settings);
    free(settings);
    if (!fits)
        return driver_reject("option", a->passed[a->n_passed - 1],
                      _("expected chapter options of at most 2048 characters in all"));
    char why[WHY_LEN], accepted[WHY_LEN + 128];
    bool only_found = a->only == NULL;
    for (size_t i = 0; i < a->n_chapters; i++) {
        ChapterProgram *c = &d->chapters[d->n_chapters];
        const char *arg = a->chapter_args[i], *name = strrchr(arg, '/') ? strrchr(arg, '/') + 1 : arg;
        if (strlen(name) != 4 || strncmp(name, "ch", 2) != 0 || name[2] < '0' || name[2] > '9' || name[3] < '0' ||
            name[3] > '9')
            return driver_reject("chapter", arg, _("expected a chapter program named chNN, e.g. build/dev/ch01"));
        if (!driver_text_ok("chapter", arg, N_("a chapter program"))) return EXIT_BAD_INPUT;
        c->program = child_resolve_program(arg, why, sizeof why);
        if (c->program == NULL) {
            snprintf(accepted, sizeof accepted,
                     strchr(arg, '/') ? _("%s; expected a chapter program")
                                      : _("%s; expected a chapter program (give its path, e.g. build/dev/ch01, or put "
                                          "its folder on PATH)"),
                     why);
            return driver_reject("chapter", arg, accepted);
        }
        snprintf(c->name, sizeof c->name, "%s", name);
        for (size_t k = 0; k < d->n_chapters; k++)
            if (strcmp(d->chapters[k].name, c->name) == 0) {
                free(c->program);
                c->program = NULL;
                return driver_reject("chapter", arg, _("given more than once; expected each chapter once"));
            }
        c->run = a->only == NULL || strcmp(c->name, a->only) == 0;
        only_found = only_found || c->run;
        d->n_chapters++;
    }
    if (!only_found) {
        snprintf(accepted, sizeof accepted, _("expected the name chNN of one of the %zu chapter programs given"),
                 d->n_chapters);
        return driver_reject("--chapter", a->only, accepted);
    }
    if (!output_dir_prepare(d->out, why, sizeof why)) {
        snprintf(accepted, sizeof accepted, _("%s; give a folder you can write to"), why);
        return driver_reject("--out", d->out, accepted);
    }
    // One run at a time into the folder (common/run/folder_lock.h), report included.
    if (!folder_lock(PROGRAM, d->out))
        return fprintf(stderr, _("%s: cannot lock %s/.lock: %s\n"), PROGRAM, d->out, strerror(errno)), EXIT_IO_FAILED;
    return EXIT_AS_EXPECTED;
}

// DIR/chNN/run.tsv (tools/run_record.h), listed in MANIFEST before it is named.
static bool write_record(Driver *d, const ChapterProgram *c, const char *dir, const ChapterOutcome *o) {
    RunRecord record = {c->name, c->program, d->args->only ? d->settings : "", d->gnuplot != NULL, WORKBOOK_COMMIT};
    return run_record_write(dir, &record, o, &d->manifest, MANIFEST_LINE);
}

// The first claim whose lesson shows figure 'name' (NULL: none names it);
// 'run' is set when the claim run with --claim is one that names it.
static const char *figure_claim(const Lesson *lesson, const char *name, const char *only_claim, bool *run) {
    const char *first = NULL;
    *run = false;
    for (size_t i = 0; i < lesson->n_claims; i++)
        for (size_t f = 0; f < lesson->claims[i].n_figures; f++)
            if (strcmp(lesson->claims[i].figures[f], name) == 0) {
                if (!first) first = lesson->claims[i].id;
                if (only_claim && strcmp(lesson->claims[i].id, only_claim) == 0) *run = true;
            }
    return first;
}

// Figure k of chapter c before anything is drawn: its name, caption, and
// whether it is drawn (true) or why not (fig->state and 'why').
static bool figure_planned(Driver *d, const ChapterProgram *c, const char *script, RunFigure *fig, const Lesson *lesson,
                           bool finished, const char *status_words, char *why, size_t why_size) {
    const char *base = strrchr(script, '/') + 1;
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)strlen(base) - 3, base);
    fig->name = text_copy(name);
    fig->caption = figures_caption(script);
    fig->state = FIGURE_FAILED;
    bool of_the_claim = false;
    if (!figures_name_ok(name)) {
        snprintf(why, why_size, "not drawn: a script's name must be %s_NAME.gp, NAME of letters, digits, '_' and '-'",
                 c->name);
        worsen(d, EXIT_CLAIM_FAILED);
    } else if (d->only_claim && lesson && figure_claim(lesson, name, d->only_claim, &of_the_claim) && !of_the_claim) {
        fig->state = FIGURE_NO_DATA;
        snprintf(why, why_size, N_("not drawn (claim %s not run)"),   // (run_figure_why shows it translated)
                 figure_claim(lesson, name, d->only_claim, &of_the_claim));
    } else if (!finished) {
        fig->state = FIGURE_NO_DATA;
        snprintf(why, why_size, "not drawn: the chapter did not finish (%s), so its data files may be from an "
                                "earlier run", status_words);
    } else if (d->gnuplot == NULL) {
        fig->state = FIGURE_NO_GNUPLOT;
        snprintf(why, why_size, "%s", N_("gnuplot was not found on PATH"));   // (the same: run_figure_why)
    } else {
        return true;
    }
    return false;
}

// The figures of chapter c, after it ran: drawn, or why not. In every
// language (figures/, figures/zh-TW/, figures/zh-CN/): the SVG of each for its
// report and pages, the PNG in the reader's for the terminal (the other two
// PNGs would add about as much time again as all the SVGs). The gnuplots of
// all the figures run at once, up to the processors online, and their files
// are named in the order one figure after another, language after language,
// would name them (figures_draw_all): the first failure of a figure is its
// why, a write error stops the run there.
static int draw_figures(Driver *d, const ChapterProgram *c, const char *dir, ChapterOutcome *o, bool finished,
                        const char *status_words) {
    char **scripts;
    size_t n = figures_find(d->plots, c->name, &scripts);
    o->figures = calloc(n ? n : 1, sizeof *o->figures);
    FigureDraw *draws = calloc(n * LANG_COUNT + 1, sizeof *draws);
    char(*whys)[WHY_LEN] = calloc(n + 1, sizeof *whys);
    if (o->figures == NULL || draws == NULL || whys == NULL) {
        free(draws), free(whys);
        names_free(scripts, n);
        return fprintf(stderr, _("%s: out of memory\n"), PROGRAM), EXIT_NO_RESOURCES;
    }
    // Which claim shows each figure: the chapter's lesson says (its "figure:" lines).
    Lesson lesson;
    char *text = lesson_text(d->lessons, "en", c->name), lesson_why[256];
    bool has_lesson = text && lesson_parse(text, &lesson, lesson_why, sizeof lesson_why);
    free(text);
    char langdirs[LANG_COUNT][ARG_MAX_LEN + 64], prefixes[LANG_COUNT][64];
    for (Lang lang = 0; lang < LANG_COUNT; lang++) {
        language_figdir(d, lang, langdirs[lang], sizeof langdirs[lang]);
        snprintf(prefixes[lang], sizeof prefixes[lang], "figures/%s", figures_language_dir(lang));
    }
    size_t n_draws = 0;
    for (size_t k = 0; k < n; k++) {
        RunFigure *fig = &o->figures[o->n_figures++];
        if (!figure_planned(d, c, scripts[k], fig, has_lesson ? &lesson : NULL, finished, status_words, whys[k],
                            sizeof whys[k]))
            continue;
        for (Lang lang = 0; lang < LANG_COUNT; lang++)
            draws[n_draws++] = (FigureDraw){.script = scripts[k], .datadir = dir, .figdir = langdirs[lang], .lang = lang,
                                            .png = lang == d->lang, .manifest_prefix = prefixes[lang], .group = k};
    }
    if (n_draws) figures_draw_all(d->gnuplot, draws, n_draws, &d->manifest);
    int status = EXIT_AS_EXPECTED;
    for (size_t k = 0, i = 0; k < n && status == EXIT_AS_EXPECTED; k++) {
        RunFigure *fig = &o->figures[k];
        char *why = whys[k];
        if (i < n_draws && draws[i].group == k) {
            const FigureDraw *failed = NULL;   // the figure's first language not drawn
            for (; i < n_draws && draws[i].group == k; i++)
                if (!failed && !draws[i].drawn) failed = &draws[i];
            if (!failed) {
                fig->state = FIGURE_DRAWN;
            } else if (failed->write_error) {
                fprintf(stderr, _("%s: %s; stopping (the previous REPORT.md stays)\n"), PROGRAM, failed->why);
                status = EXIT_IO_FAILED;
            } else if (d->one_claim) {
                // --claim ID writes that claim's data only: a figure of another claim has no data.
                fig->state = FIGURE_NO_DATA;
                snprintf(why, WHY_LEN, "not drawn: the run with --claim wrote only that claim's data "
                                       "(gnuplot: %.300s)", failed->why);
            } else {
                snprintf(why, WHY_LEN, "%s", failed->why);
                worsen(d, EXIT_CLAIM_FAILED);
            }
        }
        fig->why = text_copy(why);
    }
    free(draws), free(whys);
    names_free(scripts, n);
    if (has_lesson) lesson_free(&lesson);
    return status;
}

static void free_outcome(ChapterOutcome *o) {
    for (size_t k = 0; k < o->n_figures; k++)
        free(o->figures[k].name), free(o->figures[k].caption), free(o->figures[k].why);
    free(o->figures);
}

// The chapter's line in the progress: its claims and how it ended.
static void progress_line(const char *dir, const ChapterProgram *c, const ChapterOutcome *o, const char *lessons) {
    Run run;
    char *name = c->name[0] ? (char *)c->name : NULL;
    char *parent = text_copy(dir);
    *strrchr(parent, '/') = '\0';
    run_read(&run, parent, &name, 1, NULL, lessons);
    const RunChapter *rc = &run.chapters[0];
    char verdicts[256];
    run_verdict_counts(rc, verdicts, sizeof verdicts);
    // (the lesson's title, in the reader's language, for a chapter that wrote its chapter.txt)
    printf("%s: ", !rc->title[0] ? _("(no chapter.txt from this run)") : rc->has_lesson ? rc->lesson.title : rc->title);
    if (o->fresh[1]) printf(_("%zu claims (%s) in %.1f s"), rc->n_claims, verdicts, o->seconds);
    else printf(_("no claims from this run, %.1f s"), o->seconds);
    run_free(&run);
    free(parent);
}

// Run chapter c into DIR/chNN, then its figures, then its record.
// This chapter's files of the driver's last run removed (its figures' language folders too, once
// empty) and its new output.txt named, listed in MANIFEST first ('finished': the transcript is
// whole); on a failure the transcript is dropped and the run stops.
static int replace_chapter_files(Driver *d, const ChapterProgram *c, const char *dir, DataFile *transcript, bool finished) {
    const char *failed = NULL;
    g_dropping = c->name;
    char rel[32];
    snprintf(rel, sizeof rel, "%s/output.txt", c->name);
    if (finished && !manifest_remove_files(&d->manifest, chapter_file, &failed)) {
        fprintf(stderr, _("%s: cannot remove %s/%s, written by the previous run: %s\n"), PROGRAM, d->out, failed,
                strerror(errno));
        datafile_abort(transcript);
        return EXIT_IO_FAILED;
    }
    for (Lang lang = 1; finished && lang < LANG_COUNT; lang++) {   // a language's folder left empty goes too
        char langdir[ARG_MAX_LEN + 64];
        language_figdir(d, lang, langdir, sizeof langdir);
        rmdir(langdir);   // (fails, harmlessly, while it holds another chapter's figures)
    }
    if (finished) manifest_add(&d->manifest, rel);
    if (!finished || !manifest_save(&d->manifest, MANIFEST_LINE) || !datafile_commit(transcript)) {
        int saved = errno;
        datafile_abort(transcript);
        printf(_("STOPPED\n"));
        fflush(stdout);
        fprintf(stderr, _("%s: cannot write %s/output.txt: %s; stopping (the previous REPORT.md stays)\n"), PROGRAM, dir,
                strerror(saved));
        return EXIT_IO_FAILED;
    }
    return EXIT_AS_EXPECTED;
}

// The chapter's line on the terminal: its result, how it ended ('words', when not as expected),
// and each figure (after one chapter, where a drawn one is).
static void print_chapter_result(const Driver *d, const ChapterProgram *c, const char *dir, const ChapterOutcome *o,
                                 const char *words) {
    const bool one = d->args->only != NULL;
    progress_line(dir, c, o, d->lessons);
    if (words[0]) printf(_("  %s: see %s/output.txt"), words, dir);
    printf("\n");
    char figdir[ARG_MAX_LEN + 64];   // the reader's language's
    language_figdir(d, d->lang, figdir, sizeof figdir);
    for (size_t k = 0; k < o->n_figures; k++) {
        const RunFigure *fig = &o->figures[k];
        char shown[WHY_LEN];
        if (one && fig->state == FIGURE_DRAWN)
            printf(_("        figure %-34s drawn: %s/%s.png (and .svg)\n"), fig->name, figdir, fig->name);
        else
            printf(_("        figure %-34s %s%s\n"), fig->name,
                   fig->state == FIGURE_DRAWN ? _("drawn") : fig->state == FIGURE_NO_DATA ? "" : _("MISSING: "),
                   run_figure_why(fig, shown, sizeof shown));
    }
    fflush(stdout);
}

static int run_chapter(Driver *d, size_t index) {
    const ChapterProgram *c = &d->chapters[index];
    const bool one = d->args->only != NULL;
    char dir[ARG_MAX_LEN + 16], why[WHY_LEN];
    snprintf(dir, sizeof dir, "%s/%s", d->out, c->name);
    char line[64];   // a whole run's line, which the chapter's result completes
    snprintf(line, sizeof line, "[%zu/%zu] %s ", index + 1, d->n_chapters, c->name);
    if (one) printf(_("%s %s%s(into %s/)\n\n"), c->name, d->settings, d->settings[0] ? " " : "", dir);
    else printf("%s", line);
    fflush(stdout);
    // The chapter's progress on the terminal (common/base/progress.h) is drawn after that line's text
    // and leaves it there; it is erased before the chapter ends, so the result follows on a clean line.
    progress_label_for_children(one ? NULL : line);
    if (!output_dir_prepare(dir, why, sizeof why))
        return fprintf(stderr, "%s: %s: %s\n", PROGRAM, dir, why), EXIT_IO_FAILED;
    FileVersion before[N_CHAPTER_FILES];
    for (size_t k = 0; k < N_CHAPTER_FILES; k++) before[k] = file_version(dir, CHAPTER_FILES[k]);
    DataFile transcript;
    if (!datafile_open(&transcript, dir, "output.txt", NULL))
        return fprintf(stderr, _("%s: cannot write %s/output.txt: %s\n"), PROGRAM, dir, strerror(errno)), EXIT_IO_FAILED;
    char *argv[4 + MAX_PASSED] = {c->program, "--out", dir, NULL};
    for (size_t k = 0; k < d->args->n_passed; k++) argv[3 + k] = d->args->passed[k];
    argv[3 + d->args->n_passed] = NULL;
    ChapterOutcome o;
    memset(&o, 0, sizeof o);
    double start = wallclock_seconds();
    o.result = child_run(argv, &transcript, one, NULL, 0);   // one chapter: the learner reads it as it runs
    o.seconds = wallclock_seconds() - start;
    child_stop_if_signalled();
    bool finished = datafile_finish(&transcript);
    if (one && finished && o.result.status == EXIT_BAD_INPUT) {
        // The chapter refused its options (its line is on stderr): nothing was run or removed.
        datafile_abort(&transcript);
        fprintf(stderr, _("%s: %s refused its options (exit 2); nothing was changed in %s/\n"), PROGRAM, c->name, d->out);
        return EXIT_BAD_INPUT;
    }
    if (one && finished && o.result.status == EXIT_AS_EXPECTED) {
        // A print mode (ch03 --print-table, ...) prints and writes nothing: a
        // run of the chapter always writes its chapter.txt. The folder keeps
        // its last run, record and figures as they were.
        FileVersion after = file_version(dir, CHAPTER_FILES[0]);
        if (same_version(&before[0], &after)) {
            datafile_abort(&transcript);
            printf(_("\n(%s printed only: nothing was written; %s/ keeps its last run)\n"), c->name, dir);
            return PRINTED_ONLY;
        }
    }
    int status = replace_chapter_files(d, c, dir, &transcript, finished);
    if (status != EXIT_AS_EXPECTED) return status;
    for (size_t k = 0; k < N_CHAPTER_FILES; k++) {
        FileVersion after = file_version(dir, CHAPTER_FILES[k]);
        o.fresh[k] = after.exists && !same_version(&before[k], &after);
    }
    bool claims_fresh = o.fresh[1];
    if (o.result.status != EXIT_AS_EXPECTED || !claims_fresh) worsen(d, EXIT_CLAIM_FAILED);
    if (o.result.status == EXIT_IO_FAILED) worsen(d, EXIT_IO_FAILED);
    // How it ended, in the words the report uses (common/run_data's), before the record exists.
    char words[WHY_LEN];
    RunChapter ended = {.state = RUN_CHAPTER_DONE, .status = o.result.status, .signal = o.result.signal,
                        .start_error = strerror(o.result.start_error), .has_claims = claims_fresh};
    run_status_words(&ended, words, sizeof words);
    // The record is written before the progress line reads it back.
    bool chapter_finished = (o.result.status == 0 || o.result.status == 1) && claims_fresh;
    status = draw_figures(d, c, dir, &o, chapter_finished, words);
    if (status == EXIT_AS_EXPECTED && !write_record(d, c, dir, &o)) {
        fprintf(stderr, _("%s: cannot write %s/run.tsv: %s; stopping (the previous REPORT.md stays)\n"), PROGRAM, dir,
                strerror(errno));
        status = EXIT_IO_FAILED;
    }
    if (status == EXIT_AS_EXPECTED) print_chapter_result(d, c, dir, &o, words);
    free_outcome(&o);
    return status;
}

// The summary (tools/summary.h) of this run, read back as 'run'.
static void print_summary(const Driver *d, const Run *run, double seconds) {
    bool ran[MAX_CHAPTERS] = {false};
    for (size_t i = 0; i < d->n_chapters; i++) ran[i] = d->chapters[i].run;
    char figdir[ARG_MAX_LEN + 64];   // the reader's language's figures
    language_figdir(d, d->lang, figdir, sizeof figdir);
    RunSummary s = {d->out, d->figdir, figdir, d->lang, ran, d->args->only != NULL, d->settings, &d->manifest,
                    d->worst == EXIT_AS_EXPECTED};
    summary_print(&s, run, seconds);
}

// The report in every language (REPORT.md, REPORT.zh-TW.md, REPORT.zh-CN.md)
// from every chapter folder, each listed in MANIFEST before it is named; 'run'
// is left read in the reader's language (d->lang), for the summary.
static int write_report(Driver *d, Run *run) {
    char *names[MAX_CHAPTERS];
    for (size_t i = 0; i < d->n_chapters; i++) names[i] = d->chapters[i].name;
    int status = EXIT_AS_EXPECTED;
    for (Lang lang = 0; lang < LANG_COUNT && status == EXIT_AS_EXPECTED; lang++) {
        if (lang == d->lang) continue;   // the reader's language last: its run is kept
        i18n_use(lang);
        Run other;
        run_read(&other, d->out, names, d->n_chapters, d->exercises, d->lessons);
        manifest_add(&d->manifest, report_md_name(lang));
        if (!manifest_save(&d->manifest, MANIFEST_LINE) || !report_md_write(d->out, &other)) status = EXIT_IO_FAILED;
        run_free(&other);
        if (status != EXIT_AS_EXPECTED) {
            i18n_use(d->lang);
            fprintf(stderr, _("%s: cannot write %s/%s: %s\n"), PROGRAM, d->out, report_md_name(lang), strerror(errno));
        }
    }
    i18n_use(d->lang);
    run_read(run, d->out, names, d->n_chapters, d->exercises, d->lessons);
    if (status != EXIT_AS_EXPECTED) return status;
    manifest_add(&d->manifest, report_md_name(d->lang));
    if (!manifest_save(&d->manifest, MANIFEST_LINE) || !report_md_write(d->out, run)) {
        fprintf(stderr, _("%s: cannot write %s/%s: %s\n"), PROGRAM, d->out, report_md_name(d->lang), strerror(errno));
        return EXIT_IO_FAILED;
    }
    return EXIT_AS_EXPECTED;
}

static int run_mode(Driver *d) {
    int status = check_run_inputs(d);
    if (status != EXIT_AS_EXPECTED) return status;
    child_install_signal_handlers();
    char why[WHY_LEN];
    size_t len = strlen(d->out) + 16;
    d->figdir = malloc(len);
    if (d->figdir == NULL) return EXIT_NO_RESOURCES;
    snprintf(d->figdir, len, "%s/figures", d->out);
    if (!output_dir_prepare(d->figdir, why, sizeof why))
        return fprintf(stderr, "%s: %s: %s\n", PROGRAM, d->figdir, why), EXIT_IO_FAILED;
    if (!manifest_load(&d->manifest, d->out, "MANIFEST", driver_file))
        return fprintf(stderr, _("%s: cannot read %s/MANIFEST: %s\n"), PROGRAM, d->out, strerror(errno)), EXIT_IO_FAILED;
    remove_legacy_files(d->figdir);
    figures_set_lessons(d->lessons);   // (the figures' words: lessons/LANG/figure_words.tsv)
    if (d->gnuplot) printf(_("gnuplot: %s\n"), d->gnuplot);
    else printf(_("gnuplot: not found on PATH, so figures are skipped (install gnuplot-nox to draw them)\n"));
    double start = wallclock_seconds();
    for (size_t i = 0; i < d->n_chapters; i++) {
        if (!d->chapters[i].run) continue;
        status = run_chapter(d, i);
        if (status == PRINTED_ONLY) return stdout_status();   // no report to write, nothing to sum up
        if (status != EXIT_AS_EXPECTED) return status;
    }
    Run run;
    status = write_report(d, &run);
    for (size_t i = 0; i < run.n; i++)   // e.g. a claims.tsv that cannot be read as it should
        if (d->chapters[i].run && !run_chapter_ok(&run.chapters[i])) worsen(d, EXIT_CLAIM_FAILED);
    if (status == EXIT_AS_EXPECTED) print_summary(d, &run, wallclock_seconds() - start);
    run_free(&run);
    if (status != EXIT_AS_EXPECTED) return status;
    return stdout_status() == EXIT_AS_EXPECTED ? d->worst : EXIT_IO_FAILED;
}

int main(int argc, char **argv) {
    faults_standard_descriptors(PROGRAM);
    // The reader's language: the environment's (gettext's convention), or --lang (also for --help).
    static Driver d;
    d.lang = i18n_from_environment();
    for (int k = 1; k < argc && strcmp(argv[k], "--") != 0; k++) {
        const char *value = strncmp(argv[k], "--lang=", 7) == 0                   ? argv[k] + 7
                            : strcmp(argv[k], "--lang") == 0 && k + 1 < argc ? argv[k + 1]
                                                                               : NULL;
        if (value) i18n_parse_option(value, &d.lang);   // (a bad value is refused below)
    }
    i18n_use(d.lang);
    for (int k = 1; k < argc && strcmp(argv[k], "--") != 0; k++)
        if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
            fputs(_(DRIVER_USAGE), stdout);
            return stdout_status();
        }
    d.lang = i18n_from_environment();
    i18n_use(d.lang);
    Arguments args;
    int status = driver_parse_arguments(&args, argc, argv);
    if (status != EXIT_AS_EXPECTED) return status;
    if (args.lang && !i18n_parse_option(args.lang, &d.lang))
        return driver_reject("--lang", args.lang, _("expected en, zh-TW or zh-CN"));
    // (Set in the environment too: the chapters it runs speak the same language.)
    i18n_use(d.lang);

    // gnuplot: --gnuplot, else gnuplot on PATH, else none (figures skipped).
    char why[WHY_LEN], accepted[WHY_LEN + 128];
    char *gnuplot = NULL;
    if (args.gnuplot_arg) {
        gnuplot = child_resolve_program(args.gnuplot_arg, why, sizeof why);
        if (gnuplot == NULL) {
            snprintf(accepted, sizeof accepted, _("%s; expected the gnuplot program (a path or a name on PATH)"), why);
            return driver_reject("--gnuplot", args.gnuplot_arg, accepted);
        }
    } else {
        gnuplot = child_resolve_program("gnuplot", why, sizeof why);
    }
    d.args = &args;
    d.gnuplot = gnuplot;
    status = args.render ? render_mode(&args, gnuplot, d.lang) : run_mode(&d);
    for (size_t i = 0; i < d.n_chapters; i++) free(d.chapters[i].program);
    free(d.exercises);
    free(d.figdir);
    manifest_free(&d.manifest);
    free(gnuplot);
    return status;
}
