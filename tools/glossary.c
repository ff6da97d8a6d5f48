// glossary.c: the glossary (lessons/glossary.tsv in the three languages),
// each term's first use on a page linked to it, and the glossary page's table
// (glossary.h). Its own file: the pages' longest mechanism, which reads HTML
// (skipping the elements whose text is never linked) and needs nothing of
// the page being written but its language.
#include "glossary.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/faults.h"
#include "base/text_file.h"
#include "base/tsv.h"
#include "run/lesson.h"
#include "page_text.h"

// lessons/glossary.tsv (id, en, zh-TW, source, note, not_in; its avoid and avoid_en columns are
// for the test lessons.one_name, tests/expect_one_name.cmake), embedded with its zh-CN
// edition (common/run/lesson.h): the same rows in the same order.
typedef struct {
    char *id;
    char *source[LANG_COUNT];      // where the course uses it (the zh-CN edition's section names simplified)
    char *term[LANG_COUNT];
    char *note[LANG_COUNT];        // the note in Chinese (NULL in English: there is none)
    char *not_in[LANG_COUNT];      // longer words, space-separated, in which the term is not itself (順時針 for 時針)
} Term;

static Term *g_terms;
static size_t g_n_terms;

void glossary_read(void) {
    const char *tw = lesson_source("zh-TW", "glossary"), *cn = lesson_source("zh-CN", "glossary");
    if (tw == NULL) return;
    char *tw_copy = text_copy(tw), *cn_copy = cn ? text_copy(cn) : NULL, **tw_lines, **cn_lines = NULL;
    size_t n = text_file_lines(tw_copy, &tw_lines), n_cn = cn_copy ? text_file_lines(cn_copy, &cn_lines) : 0;
    g_terms = calloc(n ? n : 1, sizeof *g_terms);
    if (!g_terms) faults_out_of_memory("the glossary", n);
    size_t col[6] = {0};
    static const char *const COLUMNS[] = {"id", "en", "zh-TW", "source", "note", "not_in"};
    bool header = true;
    for (size_t i = 0; i < n; i++) {
        if (tw_lines[i][0] == '#' || tw_lines[i][0] == '\0') continue;
        char *f[16], *g[16];
        size_t nf = tsv_split(tw_lines[i], f, 16);
        size_t ng = i < n_cn ? tsv_split(cn_lines[i], g, 16) : 0;
        if (header) {
            for (size_t k = 0; k < 6; k++) col[k] = tsv_column(f, nf, COLUMNS[k]);
            header = false;
            continue;
        }
        bool whole = true;
        for (size_t k = 0; k < 5; k++) whole = whole && col[k] < nf;
        if (!whole || !f[col[0]][0]) continue;
        Term *t = &g_terms[g_n_terms++];
        t->id = text_copy(f[col[0]]);
        t->source[LANG_EN] = text_copy(f[col[3]]);
        t->source[LANG_ZH_TW] = text_copy(f[col[3]]);
        t->term[LANG_EN] = text_copy(f[col[1]]);
        t->term[LANG_ZH_TW] = text_copy(f[col[2]]);
        t->note[LANG_ZH_TW] = text_copy(f[col[4]]);
        bool cn_whole = ng > col[2] && ng > col[3] && ng > col[4];
        t->source[LANG_ZH_CN] = text_copy(cn_whole ? g[col[3]] : f[col[3]]);
        t->term[LANG_ZH_CN] = text_copy(cn_whole ? g[col[2]] : f[col[2]]);
        t->note[LANG_ZH_CN] = text_copy(cn_whole ? g[col[4]] : f[col[4]]);
        t->not_in[LANG_EN] = text_copy("");
        t->not_in[LANG_ZH_TW] = text_copy(col[5] < nf ? f[col[5]] : "");
        t->not_in[LANG_ZH_CN] = text_copy(col[5] < ng ? g[col[5]] : col[5] < nf ? f[col[5]] : "");
    }
    free(tw_lines), free(cn_lines), free(tw_copy), free(cn_copy);
}

void glossary_free(void) {
    for (size_t i = 0; i < g_n_terms; i++) {
        free(g_terms[i].id);
        for (Lang l = 0; l < LANG_COUNT; l++)
            free(g_terms[i].term[l]), free(g_terms[i].note[l]), free(g_terms[i].source[l]), free(g_terms[i].not_in[l]);
    }
    free(g_terms);
}

// Elements whose text is never linked: links already, code, maths (a span of
// class "tex"), headings, labels in bold, badges, the language switch, a
// claim's source line, folded summaries, the evidence (the chapter's own
// words, in English), the footer (where the results come from).
static bool skipped_element(const char *name, size_t len, const char *tag, size_t tag_len) {
    static const char *const NAMES[] = {"a",  "code",   "pre", "script", "style", "title",   "h1",  "h2",
                                        "h3", "h4",     "strong", "b",   "dt",    "dd",    "summary", "nav",
                                        "figcaption", "footer"};
    for (size_t k = 0; k < sizeof NAMES / sizeof NAMES[0]; k++)
        if (strlen(NAMES[k]) == len && strncmp(name, NAMES[k], len) == 0) return true;
    char attributes[512];
    snprintf(attributes, sizeof attributes, "%.*s", (int)(tag_len < 511 ? tag_len : 511), tag);
    if (len == 4 && strncmp(name, "span", 4) == 0)
        return strstr(attributes, "class=\"tex") || strstr(attributes, "class=\"badge") ||
               strstr(attributes, "class=\"printed");
    return strstr(attributes, "class=\"source") || strstr(attributes, "class=\"evidence") ||
           strstr(attributes, "class=\"statement");
}

// Is the term at html[i] part of one of the longer words 'not_in' names
// (space-separated: 順時針 逆時針 for 時針)?
static bool inside_longer_word(const char *html, size_t i, const char *term, const char *not_in) {
    char words[256];
    snprintf(words, sizeof words, "%s", not_in ? not_in : "");
    for (char *save = NULL, *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        const char *at = strstr(w, term);
        size_t before = at ? (size_t)(at - w) : 0;
        if (at && before <= i && strncmp(html + i - before, w, strlen(w)) == 0) return true;
    }
    return false;
}

// Does 'term' stand at html[i] (English: any case, a whole word)?
static bool term_at(const char *html, size_t i, const char *term, bool english) {
    size_t n = strlen(term);
    if (english) {
        if (strncasecmp(html + i, term, n) != 0) return false;
        bool before = i > 0 && (isalnum((unsigned char)html[i - 1]) || html[i - 1] == '-');
        bool after = isalnum((unsigned char)html[i + n]) || html[i + n] == '-';
        return !before && !after;
    }
    return strncmp(html + i, term, n) == 0;
}

// The first place in the page's text (outside tags and skipped elements) where
// 'term' stands (not inside a longer word of 'not_in'), or -1.
static long first_use(const char *html, const char *term, bool english, const char *not_in) {
    char skipping[16] = "";
    int depth = 0;
    for (size_t i = 0; html[i];) {
        if (html[i] == '<') {
            const char *end = strchr(html + i, '>');
            if (end == NULL) return -1;
            bool closing = html[i + 1] == '/';
            const char *name = html + i + 1 + closing;
            size_t len = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789");
            bool self_closing = end[-1] == '/';
            if (skipping[0]) {
                if (strlen(skipping) == len && strncmp(name, skipping, len) == 0 && !self_closing) {
                    depth += closing ? -1 : 1;
                    if (depth == 0) skipping[0] = '\0';
                }
            } else if (!closing && !self_closing && len < sizeof skipping &&
                       skipped_element(name, len, html + i, (size_t)(end - html) - i)) {
                snprintf(skipping, sizeof skipping, "%.*s", (int)len, name);
                depth = 1;
            }
            i = (size_t)(end - html) + 1;
            continue;
        }
        if (!skipping[0] && term_at(html, i, term, english) && !inside_longer_word(html, i, term, not_in))
            return (long)i;
        i++;
    }
    return -1;
}


// 'html' (a page's, freed) with each glossary term's first use in 'lang'
// linked to the glossary (longest terms first, so that 位置編碼 is linked
// before 位置 can be). A new string.
char *glossary_link_terms(char *html, Lang lang) {
    size_t *order = calloc(g_n_terms ? g_n_terms : 1, sizeof *order);
    if (!order) faults_out_of_memory("the glossary", g_n_terms);
    for (size_t k = 0; k < g_n_terms; k++) order[k] = k;
    for (size_t i = 1; i < g_n_terms; i++)
        for (size_t j = i; j > 0 && strlen(g_terms[order[j - 1]].term[lang]) < strlen(g_terms[order[j]].term[lang]); j--) {
            size_t t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (size_t k = 0; k < g_n_terms; k++) {
        const Term *t = &g_terms[order[k]];
        // A single character (值, 圖) stands inside too many other words to be linked.
        if (strlen(t->term[lang]) < (lang == LANG_EN ? 3 : 6)) continue;
        long at = first_use(html, t->term[lang], lang == LANG_EN, t->not_in[lang]);
        if (at < 0) continue;
        size_t n = strlen(t->term[lang]);
        Buf linked = {0};
        buf_add(&linked, html, (size_t)at);
        buf_puts(&linked, "<a class=\"term\" href=\"glossary.html#term-");
        html_puts(&linked, t->id);
        buf_puts(&linked, "\">");
        buf_add(&linked, html + at, n);
        buf_puts(&linked, "</a>");
        buf_puts(&linked, html + at + n);
        free(html);
        html = buf_take(&linked);
    }
    free(order);
    return html;
}

// The glossary page's table: every term in the three languages, where the
// course uses it, and (in Chinese) a short note, on a page in 'lang'.
void glossary_table(Buf *md, Lang lang) {
    buf_puts(md, "<div class=\"table-box\">\n<table class=\"glossary\">\n<thead><tr>");
    for (Lang l = 0; l < LANG_COUNT; l++) buf_printf(md, "<th lang=\"%s\">%s</th>", i18n_html_lang(l), i18n_own_name(l));
    buf_printf(md, "<th>%s</th>", _("where the course uses it"));
    if (lang != LANG_EN) buf_printf(md, "<th>%s</th>", _("note"));
    buf_puts(md, "</tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < g_n_terms; i++) {
        const Term *t = &g_terms[i];
        buf_puts(md, "<tr id=\"term-");
        html_puts(md, t->id);
        buf_puts(md, "\">");
        // (each cell named by data-label: at phone width a row is a card, its cells one under another)
        for (Lang l = 0; l < LANG_COUNT; l++) {
            buf_printf(md, "<td lang=\"%s\" data-label=\"", i18n_html_lang(l));
            html_puts(md, i18n_own_name(l));
            buf_puts(md, "\">");
            html_puts(md, t->term[l]);
            buf_puts(md, "</td>");
        }
        buf_puts(md, "<td data-label=\"");
        html_puts(md, _("where the course uses it"));
        buf_puts(md, "\">");
        html_puts(md, lesson_source_label(t->source[lang]));
        buf_puts(md, "</td>");
        if (lang != LANG_EN) {   // (Markdown with TeX between blank lines: CommonMark reads it inside the cell)
            buf_puts(md, "<td data-label=\"");
            html_puts(md, _("note"));
            buf_puts(md, "\">\n\n");
            md_tex(md, t->note[lang]);
            buf_puts(md, "\n\n</td>");
        }
        buf_puts(md, "</tr>\n");
    }
    buf_puts(md, "</tbody>\n</table>\n</div>\n\n");
}
