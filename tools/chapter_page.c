// chapter_page.c: a chapter as its page shows it: the drawn figures, each
// placed at the claim whose lesson names it and numbered, and the pieces of
// the page made from its claims: each claim's section (its lesson, figures,
// verdict and folded evidence), badges, the claims at a glance, the counts,
// the exercises (chapter_page.h). Its own file: what a chapter's page says,
// apart from how the pages are written and linked (workbook_pages.c).
#include "chapter_page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/faults.h"
#include "base/i18n.h"
#include "run/lesson.h"
#include "figures.h"
#include "page_text.h"

void chapter_page_of(ChapterPage *p, const RunChapter *c, Lang lang, const char *root, const char *run_dir) {
    memset(p, 0, sizeof *p);
    p->run = c;
    p->name = c->name;
    p->number = c->number;
    // The lesson's title and opening when this run gave claims (a run that
    // gave none shows only what went wrong).
    p->title = run_chapter_title(c);
    p->summary = c->summary;
    p->claims = c->claims;
    p->n_claims = c->n_claims;
    p->have_claims = c->has_claims;
    p->files = c->files;
    p->n_files = c->n_files;
    p->exercises = c->exercises;
    p->n_exercises = c->n_exercises;
    p->figures = calloc(c->n_figures ? c->n_figures : 1, sizeof *p->figures);
    if (!p->figures) faults_out_of_memory("a page's figures", c->n_figures);
    for (size_t k = 0; k < c->n_figures; k++) {
        const RunFigure *rf = &c->figures[k];
        if (rf->state != FIGURE_DRAWN) continue;
        Figure *f = &p->figures[p->n_figures++];
        f->name = rf->name;
        f->caption = rf->caption;
        const char *at = run_figure_claim(c, rf->name);
        if (at) snprintf(f->claim, sizeof f->claim, "%s", at);
        bool known = false;
        for (size_t i = 0; i < c->n_claims; i++) known = known || strcmp(c->claims[i].id, f->claim) == 0;
        if (!known) f->claim[0] = '\0';
    }
    p->lang = lang;
    p->root = root;
    p->run_dir = run_dir;
}

// Number the page's figures: those placed at a claim in the claims' order, then the others.
void chapter_page_number_figures(ChapterPage *c) {
    int fig_no = 0;
    for (size_t k = 0; k < c->n_claims; k++)
        for (size_t f = 0; f < c->n_figures; f++)
            if (strcmp(c->figures[f].claim, c->claims[k].id) == 0) c->figures[f].number = ++fig_no;
    for (size_t f = 0; f < c->n_figures; f++)
        if (!c->figures[f].claim[0]) c->figures[f].number = ++fig_no;
}

static const char *verdict_class(const char *v) {
    if (strcmp(v, "holds") == 0) return "holds";
    if (strcmp(v, "partly holds") == 0) return "partly";
    if (strcmp(v, "erratum") == 0) return "erratum";
    if (strcmp(v, "does not hold") == 0) return "nothold";
    return "other";
}

// A claim's badges: its verdict (an erratum with its weight) and, for a
// claim beyond the course, that.
void page_claim_badges(Buf *b, const Claim *cl) {
    const char *weight = strcmp(cl->verdict, "erratum") == 0 ? cl->weight : "-";
    buf_printf(b, "<span class=\"badge v-%s%s\">", verdict_class(cl->verdict),
               strcmp(weight, "slip") == 0 ? " w-slip" : strcmp(weight, "error") == 0 ? " w-error" : "");
    md_puts(b, cl->verdict[0] ? lesson_verdict_words(cl->verdict, weight) : _("not run"));
    buf_puts(b, "</span>");
    if (strcmp(cl->scope, "beyond") == 0) buf_puts(b, _(" <span class=\"badge scope-beyond\">beyond the course</span>"));
}

// An erratum at a glance: the verdict is erratum, or the finding of another
// verdict names one (the word "erratum" in it).
bool page_notes_erratum(const Claim *cl) {
    if (strcmp(cl->verdict, "erratum") == 0) return true;
    for (const char *p = cl->finding; *p; p++)
        if (strncasecmp(p, "erratum", 7) == 0) return true;
    return false;
}

bool page_has_value(const char *v) { return v[0] && strcmp(v, "-") != 0; }

// A statement or finding where the lesson has no words: what the chapter
// printed, as plain text (class "printed": no maths typeset there).
static void printed(Buf *md, const char *text) {
    buf_puts(md, "<span class=\"printed\">");
    md_puts(md, text);
    buf_puts(md, "</span>");
}

// The evidence: the lesson's, with the run's numbers and tables ('evidence',
// Markdown; NULL or "" when the lesson has none), then what the claim printed
// itself, as it printed it.
static void narrative(Buf *md, const Claim *cl, const char *evidence) {
    bool words = evidence && evidence[0];
    if (words) {
        buf_puts(md, "<div class=\"evidence-words\">\n\n");
        md_lesson(md, evidence);
        buf_puts(md, "\n\n</div>\n\n");
    }
    if (words && !cl->narrative[0]) return;
    // (a <pre> block of HTML keeps its lines: each escaped, its line break kept)
    buf_puts(md, "<pre class=\"evidence-text\">");
    const char *text = cl->narrative[0] ? cl->narrative : cl->finding;
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        html_text(md, line, n);
        line += n;
        if (*line == '\n') buf_puts(md, "\n"), line++;
    }
    buf_puts(md, "</pre>\n\n");
}

// A figure in the page's language: figures/[zh-TW/]NAME.svg (tools/figures.h;
// the English one where an older run drew English figures only).
void page_figure(Buf *md, const ChapterPage *c, const Figure *f) {
    char svg[8192], png[8192];
    Lang lang = figures_file_exists(c->run_dir, c->lang, f->name, "svg") ? c->lang : LANG_EN;
    snprintf(svg, sizeof svg, "%sfigures/%s%s.svg", c->root, figures_language_dir(lang), f->name);
    snprintf(png, sizeof png, "%sfigures/%s%s.png", c->root, figures_language_dir(lang), f->name);
    buf_puts(md, "<figure id=\"");
    anchor_id(md, "fig-", f->name);
    buf_puts(md, "\">\n\n[![");
    char *alt = plain_tex(f->caption);
    md_puts(md, alt);
    free(alt);
    buf_puts(md, "](");
    md_dest(md, svg);
    buf_puts(md, ")](");
    md_dest(md, svg);
    buf_puts(md, ")\n\n<figcaption>\n\n");
    buf_printf(md, _("**Figure %d.%d.** "), c->number, f->number);
    md_tex(md, f->caption);
    // The PNG where the run drew one in this language (its reader's), else the SVG.
    bool has_png = figures_file_exists(c->run_dir, lang, f->name, "png");
    buf_puts(md, has_png ? _(" ([PNG](") : " ([SVG](");
    md_dest(md, has_png ? png : svg);
    buf_puts(md, _("); drawn by "));
    char script[8192];
    snprintf(script, sizeof script, "plots/%s.gp", f->name);
    md_code(md, script);
    buf_puts(md, ")\n\n</figcaption>\n</figure>\n\n");
}

// A claim: its lesson with this run's numbers, its figures, the verdict in
// one sentence, and the evidence folded under it.
void page_claim_section(Buf *md, ChapterPage *c, const Claim *cl) {
    buf_puts(md, "<section class=\"claim\" id=\"");
    anchor_id(md, "claim-", cl->id);
    buf_puts(md, "\">\n\n## ");
    buf_puts(md, _("Claim "));
    md_puts(md, cl->id);
    buf_puts(md, " ");
    page_claim_badges(md, cl);
    buf_puts(md, "\n\n<p class=\"source\">");
    html_puts(md, run_claim_source(c->run, cl));
    buf_puts(md, "</p>\n\n");
    LessonParts parts;
    char why[300];
    bool lesson = run_claim_lesson(c->run, cl, &parts, why, sizeof why);
    if (lesson) {
        buf_puts(md, "<div class=\"says\">\n\n");
        md_lesson(md, parts.says);
        buf_puts(md, "\n\n</div>\n\n");
        md_lesson(md, parts.idea);
        buf_puts(md, "\n\n");
    } else {   // no lesson: the claim as the chapter printed it
        buf_puts(md, "<div class=\"statement printed\">\n\n");
        md_puts(md, cl->statement);
        buf_puts(md, "\n\n</div>\n\n");
    }
    for (size_t k = 0; k < c->n_figures; k++)
        if (strcmp(c->figures[k].claim, cl->id) == 0) page_figure(md, c, &c->figures[k]);
    buf_printf(md, "<div class=\"verdict v-%s\">\n\n", verdict_class(cl->verdict));
    buf_puts(md, _("**Verdict:** "));
    page_claim_badges(md, cl);
    if (strcmp(cl->verdict, cl->expected) != 0) {
        buf_puts(md, _(" (the course's settings give "));
        md_puts(md, lesson_verdict_words(cl->expected, cl->weight));
        buf_puts(md, ")");
    }
    buf_puts(md, " ");
    if (lesson && !parts.verdict_missing) md_lesson(md, parts.verdict);
    else printed(md, cl->finding);
    buf_puts(md, _("\n\n</div>\n\n<details class=\"evidence\">\n<summary>Evidence: how it was measured</summary>\n\n"));
    if (!lesson) {   // (with a lesson, what the course says stands above)
        buf_puts(md, _("<div class=\"statement\">\n\n**The claim as checked:** "));
        md_puts(md, cl->statement);
        buf_puts(md, "\n\n</div>\n\n");
    }
    buf_puts(md, "<dl class=\"numbers\">\n\n<dt>");
    char *key = run_claim_key(c->run, cl);   // the lesson's words for the key number, in the page's language
    html_puts(md, key);
    free(key);
    buf_puts(md, "</dt>\n\n");
    if (strcmp(cl->verdict, "erratum") == 0 && page_has_value(cl->document)) {
        buf_puts(md, _("<dd>computed <b>"));
        html_puts(md, cl->measured);
        buf_puts(md, _("</b>, the document's value <b>"));
        html_puts(md, cl->document);
        buf_puts(md, "</b>");
    } else {
        buf_puts(md, _("<dd>measured <b>"));
        html_puts(md, cl->measured);
        buf_puts(md, "</b>");
        if (page_has_value(cl->document)) {
            buf_puts(md, _(", document or expected value "));
            html_puts(md, cl->document);
        }
    }
    if (page_has_value(cl->tolerance)) {
        buf_puts(md, _(", tolerance "));
        html_puts(md, cl->tolerance);
    }
    buf_puts(md, "</dd>\n</dl>\n\n");
    narrative(md, cl, lesson ? parts.evidence : NULL);
    buf_puts(md, "</details>\n\n</section>\n\n");
    if (lesson) lesson_parts_free(&parts);
}

// The chapter's exercises (EXERCISES/chNN.tsv, read by common/run/exercises.c):
// each with its question, the command that answers it and the answer folded.
// None: no section.
void page_exercises(Buf *md, const ChapterPage *c) {
    if (c->n_exercises <= 0) return;
    buf_puts(md, _("<section class=\"exercises\" id=\"exercises\">\n\n## Exercises\n\n"));
    for (int k = 0; k < c->n_exercises; k++) {
        const Exercise *e = &c->exercises[k];
        buf_puts(md, "<div class=\"exercise\" id=\"");
        anchor_id(md, "exercise-", e->id);
        buf_puts(md, _("\">\n\n**Exercise "));
        md_puts(md, e->id);
        buf_puts(md, ".** ");
        md_tex(md, e->question);
        buf_puts(md, "\n\n");
        buf_puts(md, _("To run this yourself: [clone the workbook](#run-yourself), then <code>./workbook "));
        html_puts(md, c->name);
        if (e->options[0]) {
            buf_puts(md, " ");
            html_puts(md, e->options);
        }
        buf_puts(md, _("</code>\n\n<details>\n<summary>Answer</summary>\n\n"));
        md_tex(md, e->answer);
        buf_puts(md, "\n\n</details>\n</div>\n\n");
    }
    buf_puts(md, "</section>\n\n");
}

void page_counts_line(Buf *md, const ChapterPage *c) {
    char counts[512];
    run_verdict_counts(c->run, counts, sizeof counts);
    buf_printf(md, _("%zu claims: "), c->n_claims);
    md_puts(md, counts);
    size_t off = 0;
    for (size_t i = 0; i < c->n_claims; i++) off += strcmp(c->claims[i].verdict, c->claims[i].expected) != 0;
    if (off) buf_printf(md, _(" (%zu not the verdict the course's settings give)"), off);
}

// A claim at a glance: what the course says (its lesson's "says", with the
// run's numbers), else the claim as the chapter states it.
void page_glance_words(Buf *md, const ChapterPage *c, const Claim *cl) {
    const LessonClaim *lc = c->run->has_lesson && c->have_claims ? lesson_claim(&c->run->lesson, cl->id) : NULL;
    char why[256];
    char *says = lc ? lesson_render(lc->says, &cl->values, why, sizeof why) : NULL;
    if (says) md_lesson(md, says);
    else printed(md, cl->statement);
    free(says);
}
