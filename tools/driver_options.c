// driver_options.c: the driver's command line: its usage text, its options
// and the checks every option's value gets (driver_options.h). Its own file:
// what workbook_run accepts, apart from what it does with it.
#include "driver_options.h"

#include <stdio.h>
#include <string.h>

#include "base/exitcodes.h"
#include "base/i18n.h"
#include "run/options.h"
#include "figures.h"

static const char *const PROGRAM = DRIVER_PROGRAM;

// (marked for the catalogue: --help prints it in the reader's language)
const char *const DRIVER_USAGE = N_(
    "usage: workbook_run --out DIR --plots DIR [--gnuplot PROGRAM] [--exercises DIR] [FIGURE OPTIONS] CHAPTER...\n"
    "       workbook_run --out DIR --plots DIR [--gnuplot PROGRAM] [--exercises DIR] [FIGURE OPTIONS]\n"
    "                    --chapter chNN CHAPTER... [-- CHAPTER-OPTION...]\n"
    "       workbook_run --render SCRIPT --data DIR --figures DIR [--gnuplot PROGRAM] [FIGURE OPTIONS]\n"
    "       workbook_run --help\n"
    "\n"
    "Runs each chapter program (named chNN; a path or a name on PATH; at most 32,\n"
    "each once) into DIR/chNN/, draws plots/chNN_*.gp into DIR/figures/ (PNG and\n"
    "SVG) and writes DIR/REPORT.md from every chapter folder. DIR/MANIFEST lists\n"
    "the files the driver wrote; running a chapter first removes its listed files.\n"
    "--render draws one figure from the data in --data. --chapter chNN runs only\n"
    "that chapter (with the options after --), redraws its figures and writes the\n"
    "report again; the other sections come from their own folders. --exercises\n"
    "(default: exercises/ next to --plots) adds each chapter's exercises. gnuplot\n"
    "is --gnuplot PROGRAM, or gnuplot on PATH; without one, figures are skipped.\n"
    "Exit status: 0 as expected, 1 a chapter or figure came out differently, 2 bad\n"
    "input, 3 a write failed, 77 (--render) no gnuplot, 128+N stopped by signal N.\n"
    "\n"
    "FIGURE OPTIONS (for projection; PNG and SVG alike; also after --):\n"
    "  --figure-size WxH  the standard figure, 1000x600 pixels, becomes W x H\n"
    "                     (W 400..4000, H 300..3000); a figure with its own\n"
    "                     size scales by W/1000 across and H/600 down\n"
    "  --font-scale X     every text X times its usual size (0.5..4)\n"
    "\n"
    "--lang en|zh-TW|zh-CN: the language of the terminal's messages and of the\n"
    "chapters' lessons (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else\n"
    "en); the report is written in every language (REPORT.md, REPORT.zh-TW.md,\n"
    "REPORT.zh-CN.md).\n");




int driver_reject(const char *option, const char *value, const char *accepted) {
    options_reject(PROGRAM, option, value, accepted);
    return EXIT_BAD_INPUT;
}

// A path or option that goes into a gnuplot string or a report: not empty,
// not too long, no control characters.
bool driver_text_ok(const char *option, const char *value, const char *what) {
    char accepted[256];
    // ('what' is one of the N_ texts of the callers, in the reader's language here)
    const char *problem = NULL;
    if (value[0] == '\0') problem = _("expected %s, not an empty name");
    else if (strlen(value) > ARG_MAX_LEN) problem = _("expected %s of at most 2048 characters");
    for (const unsigned char *p = (const unsigned char *)value; *p && !problem; p++)
        if (*p < 0x20 || *p == 0x7f) problem = _("expected %s without control characters (tabs, newlines)");
    if (problem == NULL) return true;
    snprintf(accepted, sizeof accepted, problem, _(what));
    options_reject(PROGRAM, option, value, accepted);
    return false;
}

// The options after "--": the figure options are the driver's, the rest the chapter's.
static int split_passed(Arguments *a, char **rest, int n_rest) {
    for (int k = 0; k < n_rest; k++) {
        const char *arg = rest[k];
        const char *names[] = {"--figure-size", "--font-scale"};
        const char **slots[] = {&a->figure_size, &a->font_scale};
        bool figure = false;
        for (int i = 0; i < 2 && !figure; i++) {
            size_t len = strlen(names[i]);
            if (strncmp(arg, names[i], len) != 0 || (arg[len] != '\0' && arg[len] != '=')) continue;
            figure = true;
            const char *value = arg[len] == '=' ? arg + len + 1 : k + 1 < n_rest ? rest[++k] : NULL;
            if (value == NULL) {
                fprintf(stderr, _("%s: %s: missing value (e.g. %s %s)\n"), PROGRAM, names[i], names[i],
                        i ? "1.5" : "1920x1080");
                return EXIT_BAD_INPUT;
            }
            if (*slots[i]) return driver_reject(names[i], value, _("given more than once; give it once"));
            *slots[i] = value;
        }
        if (figure) continue;
        if (a->n_passed == MAX_PASSED) return driver_reject("option", arg, _("expected at most 256 chapter options"));
        if (!driver_text_ok("option", arg, N_("a chapter option"))) return EXIT_BAD_INPUT;
        a->passed[a->n_passed++] = rest[k];
    }
    return EXIT_AS_EXPECTED;
}

int driver_parse_arguments(Arguments *a, int argc, char **argv) {
    memset(a, 0, sizeof *a);
    const OptionSpec specs[] = {
        {"--out", OPTION_TEXT, &a->out, 0, 0, 0, "DIR", N_("a folder to write the run into")},
        {"--plots", OPTION_TEXT, &a->plots, 0, 0, 0, "DIR", N_("the workbook's plots/ folder")},
        {"--gnuplot", OPTION_TEXT, &a->gnuplot_arg, 0, 0, 0, "PROGRAM", N_("the gnuplot program")},
        {"--render", OPTION_TEXT, &a->render, 0, 0, 0, "SCRIPT", N_("a gnuplot script (.gp)")},
        {"--data", OPTION_TEXT, &a->data, 0, 0, 0, "DIR", N_("the chapter's data folder")},
        {"--figures", OPTION_TEXT, &a->figures, 0, 0, 0, "DIR", N_("a folder for the figure")},
        {"--figure-size", OPTION_TEXT, &a->figure_size, 0, 0, 0, "WxH", N_("figure size")},
        {"--font-scale", OPTION_TEXT, &a->font_scale, 0, 0, 0, "X", N_("font scale")},
        {"--chapter", OPTION_TEXT, &a->only, 0, 0, 0, "chNN", N_("one chapter")},
        {"--exercises", OPTION_TEXT, &a->exercises_arg, 0, 0, 0, "DIR", N_("the workbook's exercises/ folder")},
        {"--lang", OPTION_TEXT, &a->lang, 0, 0, 0, "LANG", N_("en, zh-TW or zh-CN")},
    };
    OptionArguments args = {a->chapter_args, MAX_CHAPTERS, "chapter", "chapters", true, 0, 0};
    if (options_parse_arguments(PROGRAM, NULL, specs, sizeof specs / sizeof specs[0], argc, argv, &args) != OPTIONS_OK)
        return EXIT_BAD_INPUT;
    a->n_chapters = args.n_positional;
    if (args.rest < argc && !a->only)
        return fprintf(stderr, _("%s: options after '--' go to the one chapter of --chapter chNN; expected --chapter\n"),
                       PROGRAM), EXIT_BAD_INPUT;
    int status = split_passed(a, argv + args.rest, argc - args.rest);
    if (status != EXIT_AS_EXPECTED) return status;
    return figures_set_options(PROGRAM, a->figure_size, a->font_scale) ? EXIT_AS_EXPECTED : EXIT_BAD_INPUT;
}
