// summary.c: the driver's terminal summary at the end of a run: a table of
// the chapters run, where the report, figures and data are, and after one
// chapter its exercises (summary.h). Its own file, beside report_md.c: the
// run's other account, for the terminal, apart from running the chapters.
#include "summary.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/faults.h"
#include "base/utf8.h"
#include "run/lesson.h"
#include "run/verdict.h"
#include "figures.h"
#include "report_md.h"

// figures/ holds this run's figures; say so when it also holds files the
// driver did not write (they are left alone).
static void note_foreign_figures(const RunSummary *s) {
    DIR *dir = opendir(s->figdir);
    int foreign = 0;
    char example[256] = "", rel[300];
    struct dirent *e;
    while (dir && (e = readdir(dir)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        snprintf(rel, sizeof rel, "figures/%s/", e->d_name);
        bool language = false;   // (the other languages' folders are the driver's)
        for (Lang lang = 1; lang < LANG_COUNT; lang++) language = language || strcmp(rel + 8, figures_language_dir(lang)) == 0;
        if (language) continue;
        snprintf(rel, sizeof rel, "figures/%s", e->d_name);
        if (manifest_has(s->manifest, rel)) continue;
        if (foreign++ == 0) snprintf(example, sizeof example, "%s", e->d_name);
    }
    if (dir) closedir(dir);
    if (foreign)
        printf(ngettext("\nNote: %s/ also holds %d file this run did not write (e.g. %s), left there untouched.\n",
                        "\nNote: %s/ also holds %d files this run did not write (e.g. %s), left there untouched.\n",
                        (unsigned long)foreign),
               s->figdir, foreign, example);
}

// The end of a one-chapter run: the answer of the exercise whose options
// these are, or else the chapter's exercises to try.
// Markdown with TeX (an exercise's question or answer) as plain text for the
// terminal (lesson_plain), within 78 columns: the first line after 'first',
// the others after 'indent'.
static void print_exercise_text(const char *first, const char *indent, const char *markdown) {
    size_t margin = strlen(first) > strlen(indent) ? strlen(first) : strlen(indent);
    int width = 78 - (int)margin;
    char *plain = lesson_plain(markdown, width < 30 ? 30 : width);
    const char *line = plain;
    for (bool at_first = true; *line; at_first = false) {
        size_t n = strcspn(line, "\n");
        printf("%s%.*s\n", at_first ? first : indent, (int)n, line);
        line += n + (line[n] == '\n');
    }
    if (plain[0] == '\0') printf("%s\n", first);
    free(plain);
}

// The end of a one-chapter run: the answer of the exercise whose options are
// exactly this run's, else every exercise of the chapter with its command.
// The exercises are Markdown with TeX (exercises/README.md): printed plain.
static void print_exercises(const RunChapter *c, const char *settings) {
    for (int k = 0; k < c->n_exercises; k++) {
        const Exercise *e = &c->exercises[k];
        if (strcmp(e->options, settings) != 0) continue;
        // "Exercise 3.a: " and the question, wrapped as one paragraph (the
        // id's punctuation escaped: it is text)
        char *id = lesson_escaped(e->id);
        const char *format = _("Exercise %s: %s");
        size_t size = strlen(format) + strlen(id) + strlen(e->question) + 1;
        char *asked = malloc(size);
        if (asked == NULL) faults_out_of_memory("an exercise", size);
        snprintf(asked, size, format, id, e->question);
        free(id);
        printf("\n");
        print_exercise_text("", "", asked);
        free(asked);
        printf(_("Answer (computed by this run's numbers above; the test exercise.%s checks it):\n"), e->id);
        print_exercise_text("", "", e->answer);
        return;
    }
    if (c->n_exercises == 0) return;
    printf(_("\nExercises for %s: predict the answer first, then run the command (it prints the answer at the end):\n"),
           c->name);
    for (int k = 0; k < c->n_exercises; k++) {
        const Exercise *e = &c->exercises[k];
        char first[64], indent[64];
        snprintf(first, sizeof first, "  %-5s ", e->id);
        snprintf(indent, sizeof indent, "%*s", (int)strlen(first), "");
        print_exercise_text(first, indent, e->question);
        printf("%s./workbook %s%s%s\n", indent, c->name, e->options[0] ? " " : "", e->options);
    }
}

void summary_print(const RunSummary *s, const Run *run, double seconds) {
    printf("\n  ");
    print_padded(stdout, _("chapter"), 9);
    print_padded(stdout, _("title"), 40);
    print_padded(stdout, _("claims"), 8);
    print_padded(stdout, _("verdicts"), 54);   // "6 holds, 2 partly holds, 1 erratum, 1 does not hold" fits
    print_padded(stdout, _("figures"), 9);
    printf(_("seconds\n"));
    const RunChapter *only = NULL;
    for (size_t i = 0; i < run->n; i++) {
        if (!s->ran[i]) continue;
        const RunChapter *c = &run->chapters[i];
        only = c;
        char verdicts[256], figures[32], title[40], claims[16];
        run_verdict_counts(c, verdicts, sizeof verdicts);
        snprintf(figures, sizeof figures, "%zu/%zu", run_figures_drawn(c), c->n_figures);
        snprintf(title, sizeof title, "%s", !c->title[0] ? _("(no chapter.txt from this run)") :
                                             c->has_lesson ? c->lesson.title : c->title);
        utf8_cut(title, 38);
        snprintf(claims, sizeof claims, "%zu", c->n_claims);
        bool ok = run_chapter_ok(c);
        printf("%s ", ok ? " " : "!");
        print_padded(stdout, c->name, 9);
        print_padded(stdout, title, 40);
        print_padded(stdout, claims, 8);
        print_padded(stdout, verdicts, 54);
        if (display_width(verdicts) >= 54) printf(" ");   // a long count still ends before the next column
        print_padded(stdout, figures, 9);
        printf("%6.1f\n", c->seconds);
    }
    const char *figdir = s->reader_figdir;   // the reader's language's figures
    if (s->one_chapter && only) {
        printf(_("\n%.1f s. Report: %s/%s (the section %s; the other chapters' sections come from their own "
               "folders)   figures: %s/%s_*.png   data: %s/%s/\n"), seconds, s->out, report_md_name(s->lang), only->name,
               figdir, only->name,
               s->out, only->name);
        print_exercises(only, s->settings);
    } else {
        note_foreign_figures(s);
        printf(_("\nTotal %.1f s. Report: %s/%s   figures: %s/   data: %s/chNN/\n"), seconds, s->out,
               report_md_name(s->lang), figdir,
               s->out);
    }
    if (!s->as_expected)
        printf(_("Something did not come out as expected (marked ! or MISSING); the report says what.\n"));
}
