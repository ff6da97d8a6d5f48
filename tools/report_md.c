// report_md.c: see report_md.h.
#include "report_md.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/datafile.h"
#include "base/exitcodes.h"
#include "base/i18n.h"
#include "run/lesson.h"
#include "figures.h"
#include "md_block.h"
#include "page_text.h"

// ---- escaping: the one place REPORT.md's text is made safe ------------------------

// The characters report_text escapes: those that start inline markup or raw HTML.
static const char MD_SPECIAL[] = "\\`*_[]<>|&~#!$";

// Markdown text: the characters that start markup escaped; line breaks and
// tabs become spaces, so a value never starts a new block.
static void report_text(Buf *b, const char *s) {
    for (const char *p = s; *p; p++) {
        if (*p == '\n' || *p == '\r' || *p == '\t') buf_add(b, " ", 1);
        else if (strchr(MD_SPECIAL, *p)) buf_add(b, "\\", 1), buf_add(b, p, 1);
        else buf_add(b, p, 1);
    }
}

// report_text for a value that starts a paragraph (a summary, a statement): a
// leading block marker ("- ", "1. ", md_block.h) is text too, and leading
// white space is dropped (four spaces would start code).
static void md_paragraph(Buf *f, const char *s) {
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
    const char *marker = md_block_marker(s);
    if (marker && !strchr(MD_SPECIAL, *marker)) {   // (report_text escapes the others itself)
        for (const char *p = s; p < marker; p++) buf_add(f, p, 1);   // (digits)
        buf_add(f, "\\", 1);
        s = marker;
    }
    report_text(f, s);
}

// The longest run of backticks in s.
static size_t backtick_run(const char *s) {
    size_t longest = 0, run = 0;
    for (const char *p = s; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest) longest = run;
    }
    return longest;
}

static void fence(Buf *f, size_t n, char c) {
    for (size_t i = 0; i < n; i++) buf_add(f, &c, 1);
}

// A fenced code block of one line (a shell command).
static void md_code_block(Buf *f, const char *info, const char *line) {
    size_t n = backtick_run(line) + 1;
    n = n < 3 ? 3 : n;
    fence(f, n, '`');
    buf_printf(f, "%s\n", info);
    for (const char *p = line; *p; p++) buf_add(f, *p == '\n' || *p == '\r' ? " " : p, 1);
    buf_add(f, "\n", 1);
    fence(f, n, '`');
    buf_add(f, "\n", 1);
}


// One field of the workbook's Markdown data other than the lessons (an
// exercise's question or answer, a figure's caption: exercises/README.md):
// inline Markdown with TeX maths between $...$, written as Markdown, but never
// raw HTML and never a block of its own: outside the maths '<' and '&' are
// text, a line break is a space, a leading block marker is text; inside the
// maths '<' and '>' become \lt and \gt (the same formula, and no Markdown
// renderer that knows no maths takes them for a tag).
static void report_tex(Buf *f, const char *s) {
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
    const char *marker = md_block_marker(s);
    for (const char *p = s; *p;) {
        size_t m = lesson_math_length(p);
        if (m) {
            for (size_t i = 0; i < m; i++) {
                if (p[i] == '\\' && i + 1 < m) {
                    buf_add(f, p + i, 2);
                    i++;
                } else if (p[i] == '<' || p[i] == '>') {
                    buf_printf(f, p[i] == '<' ? "\\lt " : "\\gt ");
                } else {
                    buf_add(f, p[i] == '\n' || p[i] == '\r' ? " " : p + i, 1);
                }
            }
            p += m;
        } else if (p[0] == '\\' && p[1]) {
            buf_add(f, p, 2);
            p += 2;
        } else {
            if (p == marker || *p == '<' || *p == '&') buf_add(f, "\\", 1);
            buf_add(f, *p == '\n' || *p == '\r' || *p == '\t' ? " " : p, 1);
            p++;
        }
    }
}

// The same field as plain text on one line (an image's alt text).
static void md_tex_plain(Buf *f, const char *s) {
    char *plain = lesson_plain(s, 1000000);
    size_t n = strlen(plain);
    while (n && (plain[n - 1] == '\n' || plain[n - 1] == ' ')) plain[--n] = '\0';
    report_text(f, plain);
    free(plain);
}

// A figure's name as it is (the driver draws only names of letters, digits,
// '_' and '-': figures_name_ok), so that it reads as the file's name.
static void md_figure_name(Buf *f, const char *name) {
    if (figures_name_ok(name)) buf_printf(f, "%s", name);
    else report_text(f, name);
}

// ---- the report -----------------------------------------------------------------


static void glance_row(Buf *f, const RunChapter *c) {
    buf_printf(f, "| [%s](#%s) | ", c->name, c->name);
    if (c->state == RUN_CHAPTER_ABSENT) {
        buf_printf(f, _("not run yet | 0 | none | 0/0 | - |\n"));
        return;
    }
    if (c->state == RUN_CHAPTER_INCOMPLETE) {
        buf_printf(f, _("incomplete | 0 | none | 0/0 | - |\n"));
        return;
    }
    char verdicts[256], words[1024];
    run_verdict_counts(c, verdicts, sizeof verdicts);
    run_status_words(c, words, sizeof words);
    report_text(f, run_chapter_title(c));
    buf_printf(f, " | %zu | ", c->n_claims);
    report_text(f, verdicts);
    if (words[0]) {
        buf_printf(f, " (**");
        report_text(f, words);
        buf_printf(f, _(": see below**)"));
    }
    buf_printf(f, " | %zu/%zu | %.1f |\n", run_figures_drawn(c), c->n_figures, c->seconds);
}

static void exercises(Buf *f, const RunChapter *c) {
    if (c->exercises_problem[0]) {
        buf_printf(f, _("\n*The exercises cannot be shown: "));
        report_text(f, c->exercises_problem);
        buf_printf(f, ".*\n");
    }
    if (c->n_exercises == 0) return;
    buf_printf(f, _("\n### Exercises\n\nPredict the answer first, then run the command: it prints the answer at "
                  "the end (folded here).\n"));
    for (int k = 0; k < c->n_exercises; k++) {
        const Exercise *e = &c->exercises[k];
        buf_printf(f, _("\n**Exercise "));
        report_text(f, e->id);
        buf_printf(f, ".** ");
        report_tex(f, e->question);
        buf_printf(f, "\n\n");
        char command[700];
        snprintf(command, sizeof command, "./workbook %s%s%s", c->name, e->options[0] ? " " : "", e->options);
        md_code_block(f, "sh", command);
        buf_printf(f, _("\n<details><summary>Answer</summary>\n\n"));
        report_tex(f, e->answer);
        buf_printf(f, "\n\n</details>\n");
    }
}

// Why the chapter did not end as expected, when it did not.
static void status_paragraph(Buf *f, const RunChapter *c) {
    if (c->state == RUN_CHAPTER_BROKEN) {
        buf_printf(f, _("**This chapter's files cannot be read as they should**: "));
        report_text(f, c->problem);
        buf_printf(f, _(". What could be read is shown.\n\n"));
    }
    if (c->status < 0) {
        buf_printf(f, _("**The chapter could not be started** ("));
        report_text(f, c->start_error);
        buf_printf(f, ").\n\n");
    } else if (c->signal) {
        buf_printf(f, _("**The chapter was killed by signal %d (%s; exit status %d)**: it did not finish.\n\n"),
                        c->signal, strsignal(c->signal), c->status);
    } else if (c->status == EXIT_CLAIM_FAILED) {
        buf_printf(f, _("**The chapter exited with status 1**: a verdict differs from the expected one "
                      "(marked below).\n\n"));
    } else if (c->status == EXIT_IO_FAILED) {
        buf_printf(f, _("**The chapter exited with status 3**: it could not write its results (see "
                      "`%s/output.txt` and the terminal).\n\n"), c->name);
    } else if (c->status != 0) {
        buf_printf(f, _("**The chapter exited with status %d**: it did not finish as expected (see "
                      "`%s/output.txt` and the terminal).\n\n"), c->status, c->name);
    } else if (!c->has_claims) {
        buf_printf(f, _("**The chapter exited with status 0 but wrote no `claims.tsv`**: it is not a workbook "
                      "chapter, or it failed without saying so.\n\n"));
    }
    if (!c->has_claims)
        buf_printf(f, _("No claims from this run: the chapter wrote no `claims.tsv` this time%s.\n\n"),
                        c->stale_claims ? _(" (the one in its folder is from an earlier run and is not shown)") : "");
}

// A fenced block of text shown as it is (the evidence).
static void md_pre(Buf *f, const char *text) {
    size_t n = backtick_run(text) + 1;
    n = n < 3 ? 3 : n;
    fence(f, n, '`');
    buf_printf(f, "text\n%s", text);
    if (text[0] && text[strlen(text) - 1] != '\n') buf_add(f, "\n", 1);
    fence(f, n, '`');
    buf_add(f, "\n", 1);
}

static void verdict_table(Buf *f, const RunChapter *c) {
    if (c->n_claims == 0) return;
    buf_printf(f, _("\n| claim | source | scope | verdict | key number |\n|---|---|---|---|---|\n"));
    for (size_t k = 0; k < c->n_claims; k++) {
        const RunClaim *row = &c->claims[k];
        bool ok = strcmp(row->verdict, row->expected) == 0;
        // A chapter that exits 0 with a verdict other than the expected one
        // ran with other settings: that verdict is a finding of them.
        bool finding = !ok && c->status == 0;
        buf_printf(f, "| ");
        report_text(f, row->id);
        buf_printf(f, " | ");
        report_text(f, run_claim_source(c, row));
        buf_printf(f, " | %s | **", strcmp(row->scope, "beyond") == 0 ? _("beyond") : _("course"));
        report_text(f, lesson_verdict_words(row->verdict, row->weight));
        buf_printf(f, "**");
        if (!ok) {
            buf_printf(f, "%s", finding ? _(" (a finding of these settings; the course's give ") : _(" (expected "));
            report_text(f, lesson_verdict_words(row->expected, row->weight));
            buf_printf(f, ")");
        }
        char number[64];
        char *end;
        double x = strtod(row->measured, &end);
        if (*row->measured && *end == '\0') lesson_number(number, sizeof number, x);
        else snprintf(number, sizeof number, "%s", row->measured);
        buf_printf(f, " | ");
        char *key = run_claim_key(c, row);   // (the lesson's words, in this report's language)
        report_text(f, key);
        free(key);
        buf_printf(f, " = ");
        report_text(f, number);
        buf_printf(f, " |\n");
    }
}

// The run whose figures the report shows (NULL: every PNG is taken to be there).
static const char *g_run_dir;

void report_md_set_run_dir(const char *dir) { g_run_dir = dir; }

static void figure(Buf *f, const RunFigure *fig) {
    if (fig->state == FIGURE_DRAWN && figures_name_ok(fig->name)) {
        // NAME is checked by the driver (figures_name_ok): letters, digits, '_' and '-'.
        // The figure in the report's language: figures/[zh-TW/]NAME (figures.h);
        // its SVG alone where the run drew the PNG in another language (the
        // English one where an older run drew English figures only).
        Lang lang = i18n_current();
        if (g_run_dir && !figures_file_exists(g_run_dir, lang, fig->name, "svg")) lang = LANG_EN;
        char drawn[300];
        snprintf(drawn, sizeof drawn, "%s%s", figures_language_dir(lang), fig->name);
        if (g_run_dir && !figures_file_exists(g_run_dir, lang, fig->name, "png")) {
            buf_printf(f, "\n![");
            md_tex_plain(f, fig->caption);
            buf_printf(f, "](figures/%s.svg)\n%s", drawn, _("\n*Figure "));
            md_figure_name(f, fig->name);
            buf_printf(f, ":* ");
            report_tex(f, fig->caption);
            buf_printf(f, "\n");
            return;
        }
        buf_printf(f, "\n![");
        md_tex_plain(f, fig->caption);
        buf_printf(f, _("](figures/%s.png)\n\n*Figure "), drawn);
        md_figure_name(f, fig->name);
        buf_printf(f, ":* ");
        report_tex(f, fig->caption);
        buf_printf(f, _(" ([SVG](figures/%s.svg))\n"), drawn);
    } else {
        buf_printf(f, _("\n*Figure "));
        md_figure_name(f, fig->name);
        // (the driver's reasons may begin "not drawn...": said once)
        bool says_it = strncmp(fig->why, "not drawn", 9) == 0;
        char why[512];
        buf_printf(f, "%s", says_it ? _(" is ") : _(" is not drawn: "));
        report_text(f, run_figure_why(fig, why, sizeof why));
        buf_printf(f, ".* ");
        report_tex(f, fig->caption);
        buf_printf(f, "\n");
    }
}

static const RunFigure *figure_named(const RunChapter *c, const char *name) {
    for (size_t k = 0; k < c->n_figures; k++)
        if (strcmp(c->figures[k].name, name) == 0) return &c->figures[k];
    return NULL;
}

// Is the figure shown under one of the claims' lessons?
static bool figure_of_a_lesson(const RunChapter *c, const char *name) { return run_figure_claim(c, name) != NULL; }

// One claim: its lesson with this run's numbers, its figures, and its evidence folded.
static void claim_section(Buf *f, const RunChapter *c, const RunClaim *cl) {
    buf_printf(f, "\n<a id=\"");
    anchor_id(f, "claim-", cl->id);   // (page_text.h: letters, digits and '-', as the pages' ids)
    buf_printf(f, "\"></a>\n### ");
    report_text(f, cl->id);
    buf_printf(f, " · ");
    report_text(f, run_claim_source(c, cl));
    buf_printf(f, "%s\n\n", strcmp(cl->scope, "beyond") == 0 ? _(" · beyond the course") : "");
    LessonParts parts;
    char why[300];
    bool lesson = run_claim_lesson(c, cl, &parts, why, sizeof why);
    if (lesson) {
        buf_printf(f, "%s\n\n%s\n\n", parts.says, parts.idea);
    } else {
        md_paragraph(f, cl->statement);
        buf_printf(f, "\n\n");
    }
    // (the verdict's words: the catalogue's for a verdict the workbook knows,
    // else claims.tsv's own, which is data like any other field)
    Buf verdict = {0};
    report_text(&verdict, lesson_verdict_words(cl->verdict, cl->weight));
    char *verdict_text = buf_take(&verdict);
    buf_printf(f, _("**Verdict: %s.** "), verdict_text);
    free(verdict_text);
    if (lesson && !parts.verdict_missing) buf_printf(f, "%s\n", parts.verdict);
    else {
        report_text(f, cl->finding);
        buf_printf(f, "\n");
    }
    if (strcmp(cl->verdict, cl->expected) != 0) {
        buf_printf(f, _("\n*%s the course's settings give "), c->status == 0 ? _("A finding of these settings:") :
                                                                             _("Not the expected verdict:"));
        report_text(f, lesson_verdict_words(cl->expected, cl->weight));
        buf_printf(f, ".*\n");
    }
    const LessonClaim *lc = c->has_lesson ? lesson_claim(&c->lesson, cl->id) : NULL;
    for (size_t i = 0; lc && i < lc->n_figures; i++) {
        const RunFigure *fig = figure_named(c, lc->figures[i]);
        const char *at = run_figure_claim(c, lc->figures[i]);
        if (fig && at && strcmp(at, cl->id) == 0) {
            figure(f, fig);
        } else if (fig && at) {   // shown once, under the first claim that names it
            buf_printf(f, _("\n*Figure "));
            md_figure_name(f, fig->name);
            buf_printf(f, _(": under claim "));
            report_text(f, at);
            buf_printf(f, _(" above.*\n"));
        }
    }
    buf_printf(f, _("\n<details><summary>Evidence: how claim "));
    html_puts(f, cl->id);   // (raw HTML there: Markdown's backslashes mean nothing)
    buf_printf(f, _(" was measured</summary>\n\n"));
    if (!lesson) {   // (with a lesson, what the course says stands above)
        buf_printf(f, _("The claim as checked: "));
        report_text(f, cl->statement);
        buf_printf(f, " ");
    }
    buf_printf(f, _("Key number: "));
    char *key = run_claim_key(c, cl);   // (the lesson's words, in this report's language)
    report_text(f, key);
    free(key);
    buf_printf(f, " = ");
    report_text(f, cl->measured);
    buf_printf(f, _("; the document: "));
    report_text(f, cl->document);
    buf_printf(f, _("; tolerance: "));
    report_text(f, cl->tolerance);
    buf_printf(f, ".\n\n");
    // The lesson's evidence with the run's numbers; then what the claim printed itself, as printed.
    if (lesson && parts.evidence[0]) buf_printf(f, "%s\n\n", parts.evidence);
    if (cl->narrative[0] || !(lesson && parts.evidence[0])) md_pre(f, cl->narrative[0] ? cl->narrative : cl->finding);
    buf_printf(f, "\n</details>\n");
    if (lesson) lesson_parts_free(&parts);
}

static void section(Buf *f, const RunChapter *c) {
    buf_printf(f, "\n<a id=\"%s\"></a>\n## %s: ", c->name, c->name);
    if (c->state == RUN_CHAPTER_ABSENT) {
        buf_printf(f, _("not run yet\n\n`./workbook %s` runs this chapter (and `./workbook` every chapter).\n"),
                        c->name);
        exercises(f, c);
        return;
    }
    if (c->state == RUN_CHAPTER_INCOMPLETE) {
        buf_printf(f, _("incomplete\n\nThis chapter's last run did not finish: "));
        report_text(f, c->problem);
        buf_printf(f, _(". `./workbook %s` runs it again.\n"), c->name);
        exercises(f, c);
        return;
    }
    // The lesson's title and opening when this run gave claims (a run that
    // gave none shows only what went wrong).
    bool teach = c->has_lesson && c->has_claims;
    report_text(f, run_chapter_title(c));
    buf_printf(f, "\n\n");
    if (teach && c->lesson.intro[0]) buf_printf(f, "%s\n\n", c->lesson.intro);
    else if (c->summary[0]) {
        md_paragraph(f, c->summary);
        buf_printf(f, "\n\n");
    }
    if (c->settings[0]) {
        char command[64];
        snprintf(command, sizeof command, "./workbook %s ", c->name);
        buf_printf(f, _("Run with "));
        char *typed = malloc(strlen(command) + strlen(c->settings) + 1);
        if (typed) {
            strcpy(typed, command);
            strcat(typed, c->settings);
            md_code(f, typed);   // (page_text.h: a code span, shown as it is)
            free(typed);
        }
        buf_printf(f, _(". With settings other than the course's (its defaults), a verdict that differs from "
                      "the one the course's settings give is a *finding* of those settings, not a failure.\n\n"));
    }
    status_paragraph(f, c);
    for (size_t k = 0; k < c->n_claims; k++) claim_section(f, c, &c->claims[k]);
    bool other_figures = false;
    for (size_t k = 0; k < c->n_figures; k++)
        if (!figure_of_a_lesson(c, c->figures[k].name)) {
            if (!other_figures) buf_printf(f, _("\n### More figures\n"));
            other_figures = true;
            figure(f, &c->figures[k]);
        }
    buf_printf(f, _("\n### Verdicts\n"));
    verdict_table(f, c);
    buf_printf(f, _("\nWhat the chapter printed: [%s/output.txt](%s/output.txt); its data: `%s/`.\n"), c->name,
                    c->name, c->name);
    exercises(f, c);
}

const char *report_md_name(Lang lang) {
    static const char *const NAMES[LANG_COUNT] = {"REPORT.md", "REPORT.zh-TW.md", "REPORT.zh-CN.md"};
    return NAMES[lang < LANG_COUNT ? lang : LANG_EN];
}

char *report_md_text(const Run *run) {
    Buf f = {0};
    buf_printf(&f, _("# pe-workbook report: how a Transformer knows word order\n\n"
                   "Every claim the four course documents make about self-attention and positional\n"
                   "encoding, taught and checked: each claim's lesson, then its verdict, computed from\n"
                   "the measured number, with the evidence (method, tolerances, tables) folded under it.\n"
                   "Claims marked *beyond the course* are the workbook's own questions. An erratum is\n"
                   "*a slip* (a count, a typo) or *an error* a student would learn (a wrong number,\n"
                   "formula or conclusion). Data files: `chNN/` next to this report; figures:\n"
                   "`figures/` (PNG and SVG). Each chapter's section comes from that chapter's latest\n"
                   "run: `./workbook` runs them all, `./workbook chNN` one.\n\n"));
    // The same report in the other languages, side by side.
    for (Lang lang = 0; lang < LANG_COUNT; lang++) {
        if (lang == i18n_current()) buf_printf(&f, "%s%s", lang ? " · " : "", i18n_own_name(lang));
        else buf_printf(&f, "%s[%s](%s)", lang ? " · " : "", i18n_own_name(lang), report_md_name(lang));
    }
    buf_printf(&f, "\n\n");
    bool no_gnuplot = false;
    for (size_t i = 0; i < run->n; i++)
        no_gnuplot = no_gnuplot || (run->chapters[i].state == RUN_CHAPTER_DONE && !run->chapters[i].gnuplot_found);
    if (no_gnuplot)
        buf_printf(&f, _("> gnuplot was not found on PATH when some of these chapters ran, so their figures were "
                       "not drawn. Install `gnuplot-nox` and run them again.\n\n"));
    char all[512];
    run_verdict_counts_all(run, all, sizeof all);
    buf_printf(&f, _("## At a glance\n\nAll chapters: "));
    report_text(&f, all);
    buf_printf(&f, _(".\n\n| chapter | title | claims | verdicts | figures | seconds |\n"
                   "|---|---|---|---|---|---|\n"));
    for (size_t i = 0; i < run->n; i++) glance_row(&f, &run->chapters[i]);
    for (size_t i = 0; i < run->n; i++) section(&f, &run->chapters[i]);
    return buf_take(&f);
}

bool report_md_write(const char *dir, const Run *run) {
    report_md_set_run_dir(dir);
    char *text = report_md_text(run);
    DataFile f;
    bool ok = datafile_open(&f, dir, report_md_name(i18n_current()), NULL);
    if (ok) {
        datafile_write(&f, text, strlen(text));
        ok = datafile_close(&f);
    }
    free(text);
    return ok;
}
