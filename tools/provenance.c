// provenance.c: the footer of every page, where its results come from (the
// date, the workbook's commit and the machine of a chapter's run, from its
// run.tsv, and its settings) and how to run them yourself (provenance.h).
// Its own file: the pages' words about a run, apart from the lesson they end.
#include "provenance.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "page_text.h"

// "the workbook's commit `0123456789ab`" (with local changes: "+" after it;
// unknown: "")
static void commit_words(Buf *md, const char *commit) {
    size_t n = strlen(commit);
    if (n == 0) {
        buf_puts(md, _("a copy of the workbook whose commit is not known (it was built without git or without its "
                       "history)"));
        return;
    }
    bool changed = commit[n - 1] == '+';
    char id[64];
    snprintf(id, sizeof id, "%.*s", (int)(changed ? n - 1 : n), commit);
    Buf code = {0};
    md_code(&code, id);
    buf_printf(md, changed ? _("the workbook's commit %s with local changes") : _("the workbook's commit %s"), code.s);
    free(code.s);
}

// "Linux 6.1.0-28-amd64 x86_64, Intel(R) Xeon(R) Platinum 8488C, 2 cores"
// (the system and the processor as recorded: class "printed", plain text, no
// maths in "x86_64")
static void machine_words(Buf *md, const RunChapter *c) {
    Buf system = {0}, cpu = {0};
    buf_puts(&system, "<span class=\"printed\">");
    md_puts(&system, c->machine[0] ? c->machine : "?");
    buf_puts(&system, "</span>");
    buf_puts(&cpu, "<span class=\"printed\">");
    md_puts(&cpu, c->cpu);
    buf_puts(&cpu, "</span>");
    if (c->cpu[0] && c->cores > 0)
        buf_printf(md, ngettext("%s, %s, %d core", "%s, %s, %d cores", (unsigned long)c->cores), system.s, cpu.s,
                   c->cores);
    else if (c->cores > 0)
        buf_printf(md, ngettext("%s, %d core", "%s, %d cores", (unsigned long)c->cores), system.s, c->cores);
    else buf_puts(md, system.s);
    free(system.s), free(cpu.s);
}

static bool recorded(const RunChapter *c) { return c->date[0] != '\0'; }

// "on 2026-12-02 11:10 UTC", or from the first date to the last: "from
// 2026-12-02 11:06 to 11:14 UTC" on one day (dates as run.tsv has them).
static void when_words(Buf *md, const char *first, const char *last) {
    Buf a = {0}, b = {0};
    size_t n = strlen(first);
    bool one_day = strcmp(first, last) != 0 && n == strlen(last) && n > 15 && strncmp(first, last, 11) == 0 &&
                   strcmp(first + 16, last + 16) == 0;
    if (strcmp(first, last) == 0) {
        md_puts(&a, first);
        buf_printf(md, _("on %s"), a.s);
    } else {
        char head[64];
        snprintf(head, sizeof head, "%.*s", one_day ? 16 : (int)n, first);   // "2026-12-02 11:06"
        md_puts(&a, head);
        md_puts(&b, one_day ? last + 11 : last);                          // "11:14 UTC"
        buf_printf(md, _("from %s to %s"), a.s, b.s);
    }
    free(a.s), free(b.s);
}

// The command that ran a chapter, as typed: "./workbook ch00 --corpus small.txt"
// (its settings from run.tsv; "./workbook ch00" at the course's). A new string.
char *provenance_command(const RunChapter *c) {
    Buf command = {0};
    buf_printf(&command, "./workbook %s%s%s", c->name, c->settings[0] ? " " : "", c->settings);
    return command.s;
}

// What a chapter's results came from besides the code and the machine: its
// settings, every one other than the course's as typed (chapter 0's corpus
// among them), or the course's.
static void settings_words(Buf *md, const RunChapter *c) {
    if (run_at_course_settings(c)) {
        buf_puts(md, _(" It ran at the course's settings (its defaults)."));
        return;
    }
    Buf code = {0};
    md_code(&code, c->settings);
    buf_printf(md, _(" It ran with %s, not at the course's settings."), code.s);
    free(code.s);
}

// The footer of every page: where its results come from (the chapter's run,
// or on the contents and the glossary every chapter's: c NULL), then how to
// run them yourself ('command': ./workbook or ./workbook chNN). Its id is
// what an exercise's "clone the workbook" links to.
void provenance_footer(Buf *md, const RunChapter *c, const char *command, const RunChapter *const *chapters,
                       size_t n_chapters, const char *source_url) {
    buf_puts(md, "<footer class=\"provenance\" id=\"run-yourself\">\n\n");
    Buf date = {0}, commit = {0}, machine = {0};
    if (c != NULL && recorded(c)) {
        when_words(&date, c->date, c->date);
        commit_words(&commit, c->commit);
        machine_words(&machine, c);
        buf_printf(md, _("**Where these results come from:** this chapter ran %s, from %s, on %s."), date.s, commit.s,
                   machine.s);
    } else if (c != NULL) {
        buf_puts(md, _("**Where these results come from:** not recorded (this chapter ran before the workbook "
                       "recorded the date, the commit and the machine of a run)."));
    }
    if (c != NULL) {
        settings_words(md, c);
    } else {
        // Every chapter's run: the first and last date, and whether one commit on one machine ran them all.
        const RunChapter *first = NULL, *last = NULL;
        bool same = true, any_unrecorded = false;
        for (size_t i = 0; i < n_chapters; i++) {
            const RunChapter *r = chapters[i];
            if (!recorded(r)) {
                any_unrecorded = true;
                continue;
            }
            if (first && (strcmp(r->commit, first->commit) != 0 || strcmp(r->machine, first->machine) != 0 ||
                          strcmp(r->cpu, first->cpu) != 0 || r->cores != first->cores))
                same = false;
            if (!first || strcmp(r->date, first->date) < 0) first = r;
            if (!last || strcmp(r->date, last->date) > 0) last = r;
        }
        if (first == NULL) {
            buf_puts(md, _("**Where these results come from:** not recorded (the chapters ran before the workbook "
                           "recorded the date, the commit and the machine of a run)."));
        } else {
            when_words(&date, first->date, last->date);
            if (same && !any_unrecorded) {
                commit_words(&commit, first->commit);
                machine_words(&machine, first);
                buf_printf(md, _("**Where these results come from:** the chapters ran %s, from %s, on %s."), date.s,
                           commit.s, machine.s);
            } else {
                buf_printf(md, _("**Where these results come from:** the chapters ran %s, not all from the same "
                                 "commit and machine; each chapter's page says which."),
                           date.s);
            }
        }
        bool other = false;
        for (size_t i = 0; i < n_chapters; i++) {
            const RunChapter *r = chapters[i];
            if (run_at_course_settings(r)) continue;
            Buf code = {0};
            md_code(&code, r->settings);
            buf_printf(md, _(" Chapter %d ran with %s, not at the course's settings."), r->number, code.s);
            free(code.s);
            other = true;
        }
        if (!other && n_chapters > 0) buf_puts(md, _(" Every chapter ran at the course's settings (its defaults)."));
    }
    free(date.s), free(commit.s), free(machine.s);
    buf_puts(md, "\n\n");
    Buf run = {0};
    md_code(&run, command);
    if (source_url[0]) {
        char clone[4200];
        snprintf(clone, sizeof clone, "git clone %s", source_url);
        Buf code = {0};
        md_code(&code, clone);
        buf_printf(md, _("**To run this yourself:** clone the workbook (%s) and run %s in its folder."), code.s, run.s);
        free(code.s);
    } else {
        buf_printf(md, _("**To run this yourself:** clone the workbook (its git repository) and run %s in its folder."),
                   run.s);
    }
    // (a sentence after another starts with its space: none after a Chinese full stop)
    buf_puts(md, _(" On Debian 12 it installs what it is missing (as root; otherwise it prints the one command to "
                   "run as root), builds, and runs; the first time takes a few minutes."));
    if (c != NULL && recorded(c) && c->commit[0] && c->commit[strlen(c->commit) - 1] != '+') {
        Buf checkout = {0};
        char line[80];
        snprintf(line, sizeof line, "git checkout %s", c->commit);
        md_code(&checkout, line);
        buf_printf(md, _(" For the code these results came from, run %s first."), checkout.s);
        free(checkout.s);
    }
    free(run.s);
    buf_puts(md, "\n\n</footer>\n\n");
}
