// workbook_pages.c: the workbook as HTML pages, written from a run.
//
//   workbook_pages --out DIR --plots DIR --assets DIR [--katex DIR] [--exercises DIR] [--site SITE]
//
// Reads the run in DIR with common/run_data (the same reader REPORT.md is
// written from: every chapter folder DIR/chNN, its claims, narratives,
// figures and files) and writes, next to REPORT.md:
//   DIR/index.html        the contents: every chapter with its title, its
//                         verdict counts and its errata
//   DIR/chNN.html         one page per chapter: the lesson claim by claim
//   DIR/glossary.html     the terms in English, zh-TW and zh-CN (lessons/glossary.tsv)
//   DIR/zh-TW/, DIR/zh-CN/  the same pages in Traditional and Simplified Chinese
//                         (common/base/i18n.h), sharing assets/ and the data; each
//                         language shows its own figures (figures/, figures/zh-TW/,
//                         figures/zh-CN/: the driver draws every language's);
//                         every page switches to the same page in the others
//   DIR/assets/           the style sheet and render script (from --assets)
//                         and KaTeX (from --katex), so the pages work from file://
//   DIR/PAGES_MANIFEST    the files above, one relative path a line
// Each file is written under a temporary name and renamed over the old one,
// so a stopped run leaves every page whole; at the end the files the
// previous PAGES_MANIFEST lists and this run did not write are removed.
// Each figure is placed at the claim whose lesson names it (common/run/lesson.h).
// Every page ends with where its results come from (the date, the
// workbook's commit and the machine of each chapter's run, from run.tsv)
// and how to run them yourself.
//
// --site SITE: the published site instead (./workbook site SITE), for a
// static web host: the same pages written into SITE with exactly the files
// they link, the figures, the chapters' data files and what they printed,
// REPORT.md in each language (written from the same reading of the run as
// the pages, never the run's own REPORT.md, which a stopped run leaves
// older than its chapter folders: a chapter's page and its section in the
// report always agree), the style sheet and KaTeX; never the cache,
// the MANIFESTs or run.tsv, and no data file above SITE_LARGEST_FILE (its
// page says so, with its size). Every link names a file, never a folder. The
// run in --out is only read. SITE is written whole or not at all
// (tools/site_dir.h: bad input for SITE is refused before anything is
// written); the last line says how many files and megabytes it holds.
//
// Its pieces: a chapter's page and its claims (tools/chapter_page.c), the
// glossary and its links (tools/glossary.c), the footer (tools/provenance.c),
// the files a page lists and the site copies (tools/site_files.c).
//
// Text: every value from the run is escaped in tools/page_text.c. The
// lessons, the exercises and the figures' captions are Markdown with TeX
// maths ($...$), whose formulas become KaTeX spans (md_lesson, md_tex); the
// claims' statements and findings are what the chapter printed, shown as
// plain text in the folded evidence (and, marked class "printed", where a
// lesson has no words). libcmark turns each page's CommonMark into HTML.
//
// A chapter whose files cannot be read as they should gets a page that says
// so, with what could be read; the other chapters' pages are written as usual.
//
// Exit statuses: 0 pages written; 2 bad input (one line on stderr, nothing
// written); 3 a write failed; 4 out of memory.
#include <cmark.h>
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/datafile.h"
#include "base/exitcodes.h"
#include "base/faults.h"
#include "base/i18n.h"
#include "base/text_file.h"
#include "base/tsv.h"
#include "run/folder_lock.h"
#include "run/lesson.h"
#include "run/manifest.h"
#include "run/options.h"
#include "run/run_data.h"
#include "chapter_page.h"
#include "figures.h"
#include "glossary.h"
#include "page_text.h"
#include "provenance.h"
#include "report_md.h"
#include "site_dir.h"
#include "site_files.h"
#include "workbook_commit.h"   // WORKBOOK_SOURCE_URL (generated at build time: tools/commit_id.cmake)

static const char *const PROGRAM = "workbook_pages";
// Where the pages tell a reader to clone the workbook from ("": not set; CMake's WORKBOOK_SOURCE_URL).
static const char *const g_source_url = WORKBOOK_SOURCE_URL;

// ---- writing files: temporary name, then rename; listed in PAGES_MANIFEST ----------

static Manifest g_manifest;        // the previous run's names and this run's
static Manifest g_written;         // this run's names only
static bool g_katex;               // KaTeX copied next to the pages (--katex)
static const char *g_out;
// The language being written (common/base/i18n.h): English at the top of --out,
// the others in a folder of their own (zh-TW/, zh-CN/) that shares assets/,
// figures/ and the chapter folders with it.
static Lang g_lang;
static const char *g_dir = "";     // the language's folder: "" or "zh-TW/"
static const char *g_root = "";    // from one of its pages to the top: "" or "../"
// --site: the published site, written into g_site_dir.stage (g_out) and then
// put in its place; what it holds is counted as it is written.
static const char *g_run_dir;      // the run the pages show (--out)
static bool g_site;
static SiteDir g_site_dir;
static size_t g_files_written;
static unsigned long long g_bytes_written;

static const char *language_dir(Lang lang) {
    static const char *const DIRS[LANG_COUNT] = {"", "zh-TW/", "zh-CN/"};
    return DIRS[lang < LANG_COUNT ? lang : LANG_EN];
}

static _Noreturn void write_failed(const char *path) {
    fprintf(stderr, _("%s: cannot write %s: %s\n"), PROGRAM, path, strerror(errno));
    exit(EXIT_IO_FAILED);
}

// Names PAGES_MANIFEST may list (and a new run may remove).
static bool pages_file_name(const char *rel) {
    if (strstr(rel, "..") || rel[0] == '/') return false;
    if (strncmp(rel, "assets/", 7) == 0) return true;
    for (Lang lang = 1; lang < LANG_COUNT; lang++) {   // a language's folder: its pages
        size_t len = strlen(language_dir(lang));
        if (strncmp(rel, language_dir(lang), len) == 0) {
            rel += len;
            break;
        }
    }
    if (strcmp(rel, "index.html") == 0 || strcmp(rel, "glossary.html") == 0) return true;
    return strlen(rel) == 9 && strncmp(rel, "ch", 2) == 0 && isdigit((unsigned char)rel[2]) &&
           isdigit((unsigned char)rel[3]) && strcmp(rel + 4, ".html") == 0;
}

// Write OUT/rel through common/datafile; listed in PAGES_MANIFEST before it
// appears under its name.
static void stop_if_signalled(void);

static void write_out(const char *rel, const char *data, size_t n) {
    stop_if_signalled();
    char path[8192], dir[8192];
    snprintf(path, sizeof path, "%s/%s", g_out, rel);
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    *slash = '\0';
    DataFile f;
    if (!datafile_open(&f, dir, slash + 1, NULL)) write_failed(path);
    datafile_write(&f, data, n);
    if (!g_site) manifest_add(&g_manifest, rel);   // (a site has no PAGES_MANIFEST: it is written whole)
    manifest_add(&g_written, rel);
    if (!datafile_finish(&f)) write_failed(path);
    if (!g_site && !manifest_save(&g_manifest, "# The files workbook_pages wrote here in its last run.")) {
        datafile_abort(&f);
        write_failed("PAGES_MANIFEST");
    }
    if (!datafile_commit(&f)) write_failed(path);
    g_files_written++;
    g_bytes_written += n;
}

static bool not_written(const char *rel) { return !manifest_has(&g_written, rel); }

// The previous run's files that this run did not write again.
static void remove_old_files(void) {
    const char *failed = NULL;
    if (!manifest_remove_files(&g_manifest, not_written, &failed)) write_failed(failed);
    if (!manifest_save(&g_manifest, "# The files workbook_pages wrote here in its last run.")) write_failed("PAGES_MANIFEST");
}

static void make_dir(const char *rel) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", g_out, rel);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) write_failed(path);
}

// Copy a file (following symbolic links: Debian's KaTeX fonts are links).
static bool copy_asset(const char *from, const char *rel) {
    FILE *fp = fopen(from, "rb");
    if (!fp) return false;
    Buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) buf_add(&b, chunk, n);
    fclose(fp);
    write_out(rel, b.s ? b.s : "", b.n);
    free(b.s);
    return true;
}

// ---- the run, as the pages show it ----------------------------------------------------

static const Run *g_run;           // the run the pages show
static ChapterPage *g_ch;
static size_t g_n_ch;

// The page's head, and a switch to the same page in the other languages
// ('page': its file name, "ch03.html").
static void page_head(Buf *h, const char *title, const char *page) {
    buf_printf(h, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n%s<title>",
               i18n_html_lang(g_lang), g_site ? SITE_DIR_MARK "\n" : "");
    html_puts(h, title);
    buf_puts(h, "</title>\n");
    if (g_katex) buf_printf(h, "<link rel=\"stylesheet\" href=\"%sassets/katex/katex.min.css\">\n", g_root);
    buf_printf(h, "<link rel=\"stylesheet\" href=\"%sassets/workbook.css\">\n", g_root);
    if (g_katex) buf_printf(h, "<script defer src=\"%sassets/katex/katex.min.js\"></script>\n", g_root);
    buf_printf(h, "<script defer src=\"%sassets/render.js\"></script>\n</head>\n<body>\n", g_root);
    buf_puts(h, "<nav class=\"languages\">");
    for (Lang lang = 0; lang < LANG_COUNT; lang++) {
        if (lang) buf_puts(h, " · ");
        if (lang == g_lang) {
            buf_printf(h, "<span lang=\"%s\" aria-current=\"page\">%s</span>", i18n_html_lang(lang),
                       i18n_own_name(lang));
        } else {
            buf_printf(h, "<a lang=\"%s\" hreflang=\"%s\" href=\"%s%s", i18n_html_lang(lang), i18n_html_lang(lang),
                       g_root, language_dir(lang));
            html_puts(h, page);
            buf_printf(h, "\">%s</a>", i18n_own_name(lang));
        }
    }
    buf_puts(h, "</nav>\n<main>\n");
}

static void page_tail(Buf *h) { buf_puts(h, "</main>\n</body>\n</html>\n"); }

// libcmark's HTML of a page's Markdown, finished (page_text.h: html_finished).
static char *markdown_html(const Buf *md) {
    char *raw = cmark_markdown_to_html(md->s ? md->s : "", md->n, CMARK_OPT_UNSAFE);
    if (!raw) exit(EXIT_NO_RESOURCES);
    char *html = html_finished(raw);
    free(raw);
    return html;
}

static void add_markdown(Buf *h, const Buf *md) {
    char *html = markdown_html(md);
    buf_puts(h, html);
    free(html);
}

// ---- the glossary's links (tools/glossary.h) ------------------------------------------

// The page's Markdown as HTML, each glossary term's first use linked to the
// glossary (longest terms first, so that 位置編碼 is linked before 位置 can be).
static void add_markdown_linking_terms(Buf *h, const Buf *md) {
    char *html = markdown_html(md);
    html = glossary_link_terms(html, g_lang);
    buf_puts(h, html);
    free(html);
}

// The page named 'page' (index.html) of the language being written, from its
// Markdown (freed), each term's first use linked to the glossary when
// link_terms.
static void write_page(const char *title, const char *page, Buf *md, bool link_terms) {
    Buf h = {0};
    page_head(&h, title, page);
    if (link_terms) add_markdown_linking_terms(&h, md);
    else add_markdown(&h, md);
    page_tail(&h);
    char rel[64];
    snprintf(rel, sizeof rel, "%s%s", g_dir, page);
    write_out(rel, h.s, h.n);
    free(md->s);
    free(h.s);
}

static void footer(Buf *md, const RunChapter *c, const char *command);

// The four course documents, as a table (on the contents and the glossary):
// short name, title as printed (lessons/en/documents.tsv, marked with its
// script: three are in Traditional characters, on the zh-CN pages too),
// language and what each covers (lessons/LANG/documents.tsv, in the page's
// language). Each cell names its column (data-label: a card at phone width).
static void documents_table(Buf *md) {
    const char *titles = lesson_source("en", "documents");
    const char *words = lesson_source(i18n_code(g_lang), "documents");
    if (titles == NULL) return;
    if (words == NULL) words = titles;
    static const char *const IDS[] = {"Doc A", "Doc B", "Doc C", "Doc D"};
    const char *headers[] = {_("document"), _("title, as printed"), _("language"), _("what it covers")};
    buf_puts(md, "<div class=\"documents\">\n<div class=\"table-box\"><table class=\"evidence-table\">\n<thead><tr>");
    for (size_t h = 0; h < 4; h++) {
        buf_puts(md, "<th>");
        html_puts(md, headers[h]);
        buf_puts(md, "</th>");
    }
    buf_puts(md, "</tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < sizeof IDS / sizeof *IDS; i++) {
        char *title = tsv_lookup(titles, IDS[i], "title"), *script = tsv_lookup(titles, IDS[i], "script"),
             *language = tsv_lookup(words, IDS[i], "language"), *covers = tsv_lookup(words, IDS[i], "covers");
        if (title && language && covers) {
            const char *cells[] = {lesson_source_label(IDS[i]), title, language, covers};
            buf_puts(md, "<tr>");
            for (size_t k = 0; k < 4; k++) {
                buf_puts(md, "<td");
                if (k == 1 && script) buf_printf(md, " lang=\"%s\"", strcmp(script, "zh-Hant") == 0 ? "zh-Hant-TW" : "zh-Hans-CN");
                buf_puts(md, " data-label=\"");
                html_puts(md, headers[k]);
                buf_puts(md, "\">");
                if (k == 3) html_cell(md, cells[k], strlen(cells[k]));
                else html_puts(md, cells[k]);
                buf_puts(md, "</td>");
            }
            buf_puts(md, "</tr>\n");
        }
        free(title), free(script), free(language), free(covers);
    }
    buf_puts(md, "</tbody>\n</table></div>\n</div>\n\n");
}

// glossary.html: every term in the three languages, where the course uses it,
// and a short note.
static void write_glossary(void) {
    Buf md = {0};
    buf_puts(&md, "<nav class=\"pager\">\n\n");
    buf_puts(&md, _("[Contents](index.html)"));
    buf_puts(&md, "\n\n</nav>\n\n# ");
    buf_puts(&md, _("Glossary"));
    buf_puts(&md, "\n\n<div class=\"summary\">\n\n");
    buf_puts(&md, _("The terms the lessons use, in English, Traditional Chinese (Taiwan) and Simplified Chinese, with "
                    "where the course documents use them (— a term of the workbook's own). On every page a term's "
                    "first use links here."));
    buf_puts(&md, "\n\n</div>\n\n");
    buf_printf(&md, "## %s\n\n", _("The course documents"));
    documents_table(&md);
    buf_printf(&md, "## %s\n\n", _("The terms"));
    glossary_table(&md, g_lang);
    footer(&md, NULL, "./workbook");
    write_page(_("pe-workbook: glossary"), "glossary.html", &md, false);
}

static void nav(Buf *md, size_t i) {
    buf_puts(md, "<nav class=\"pager\">\n\n");
    if (i > 0) {
        buf_puts(md, "[← ");
        md_puts(md, g_ch[i - 1].name);
        buf_puts(md, "](");
        char href[32];
        snprintf(href, sizeof href, "%s.html", g_ch[i - 1].name);
        md_dest(md, href);
        buf_puts(md, ") · ");
    }
    buf_puts(md, _("[Contents](index.html) · [Glossary](glossary.html)"));
    if (i + 1 < g_n_ch) {
        buf_puts(md, " · [");
        md_puts(md, g_ch[i + 1].name);
        buf_puts(md, " →](");
        char href[32];
        snprintf(href, sizeof href, "%s.html", g_ch[i + 1].name);
        md_dest(md, href);
        buf_puts(md, ")");
    }
    buf_puts(md, "\n\n</nav>\n\n");
}

// ---- where the results come from, and how to run them yourself (tools/provenance.h) ----

// The footer of a page (provenance_footer): on the contents and the glossary
// (c NULL) it speaks for every chapter that has a page.
static void footer(Buf *md, const RunChapter *c, const char *command) {
    const RunChapter **shown = calloc(g_n_ch ? g_n_ch : 1, sizeof *shown);
    if (!shown) faults_out_of_memory("a page's footer", g_n_ch);
    for (size_t i = 0; i < g_n_ch; i++) shown[i] = g_ch[i].run;
    provenance_footer(md, c, command, shown, g_n_ch, g_source_url);
    free(shown);
}

static void write_chapter(size_t i) {
    ChapterPage *c = &g_ch[i];
    chapter_page_number_figures(c);
    Buf md = {0};
    nav(&md, i);
    buf_printf(&md, _("# Chapter %d: "), c->number);
    md_puts(&md, c->title);
    bool taught = c->run->has_lesson && c->have_claims;
    buf_puts(&md, taught ? "\n\n<div class=\"summary\">\n\n" : "\n\n<div class=\"summary printed\">\n\n");
    if (taught) md_lesson(&md, c->run->lesson.intro);
    else md_puts(&md, c->summary);
    buf_puts(&md, "\n\n</div>\n\n");
    if (!run_at_course_settings(c->run)) {   // (the lesson speaks of the course's settings: these results are of others)
        char *typed = provenance_command(c->run);
        Buf code = {0};
        md_code(&code, typed);
        buf_puts(&md, "<div class=\"settings\">\n\n");
        buf_printf(&md, _("**Other settings:** these results come from %s, not from the course's settings (its "
                          "defaults), which the lessons describe; a verdict that differs from the one the course's "
                          "settings give is a *finding* of these settings."),
                   code.s);
        buf_puts(&md, "\n\n</div>\n\n");
        free(code.s);
        free(typed);
    }
    if (c->run->state == RUN_CHAPTER_BROKEN) {
        buf_puts(&md, _("<div class=\"problem\">\n\n**This chapter's files cannot be read as they should:** "));
        md_puts(&md, c->run->problem);
        buf_puts(&md, _(". What could be read is shown.\n\n</div>\n\n"));
    }
    if (!c->have_claims) buf_puts(&md, _("*No claims from this run.*\n\n"));
    if (c->n_claims) {
        buf_puts(&md, "<nav class=\"glance\">\n\n");
        page_counts_line(&md, c);
        buf_puts(&md, "\n\n");
        for (size_t k = 0; k < c->n_claims; k++) {
            const Claim *cl = &c->claims[k];
            buf_puts(&md, "- [");
            md_puts(&md, cl->id);
            buf_puts(&md, "](");
            Buf href = {0};
            anchor_id(&href, "#claim-", cl->id);
            md_dest(&md, href.s);
            free(href.s);
            buf_puts(&md, ") ");
            page_claim_badges(&md, cl);
            buf_puts(&md, " ");
            page_glance_words(&md, c, cl);
            buf_puts(&md, "\n");
        }
        buf_puts(&md, "\n</nav>\n\n");
    }
    for (size_t k = 0; k < c->n_claims; k++) page_claim_section(&md, c, &c->claims[k]);
    bool unplaced = false;
    for (size_t f = 0; f < c->n_figures; f++) unplaced = unplaced || !c->figures[f].claim[0];
    if (unplaced) {
        buf_puts(&md, _("## More figures\n\n"));
        for (size_t f = 0; f < c->n_figures; f++)
            if (!c->figures[f].claim[0]) page_figure(&md, c, &c->figures[f]);
    }
    page_exercises(&md, c);
    site_files_section(&md, c, g_site);
    nav(&md, i);
    char *command = provenance_command(c->run);
    footer(&md, c->run, command);
    free(command);

    char title[512];
    snprintf(title, sizeof title, _("Chapter %d: %s"), c->number, c->title);
    char page[16];
    snprintf(page, sizeof page, "%s.html", c->name);
    write_page(title, page, &md, true);
}

static void write_index(void) {
    Buf md = {0};
    buf_puts(&md, _("# The workbook: how a Transformer knows word order\n\n"));
    buf_puts(&md, "<div class=\"summary\">\n\n");
    buf_puts(&md, _("Each chapter takes what the course documents claim, computes the evidence and gives a verdict "
                    "computed from the numbers. This run's pages, chapter by chapter; the same results as "));
    char report[64];
    snprintf(report, sizeof report, "%s%s", g_root, report_md_name(g_lang));
    buf_puts(&md, "[");
    md_puts(&md, report_md_name(g_lang));
    buf_puts(&md, "](");
    md_dest(&md, report);
    buf_puts(&md, _("). Terms: the [glossary](glossary.html).\n\n</div>\n\n"));    buf_printf(&md, "<section class=\"documents\" id=\"documents\">\n\n## %s\n\n", _("The course documents"));
    documents_table(&md);
    buf_puts(&md, "</section>\n\n");
    if (g_run) {
        char counts[512];
        run_verdict_counts_all(g_run, counts, sizeof counts);
        buf_puts(&md, _("<p class=\"course-counts\">All chapters: "));
        html_puts(&md, counts);
        // TRANSLATORS: the end of the sentence "All chapters: ..."
        buf_puts(&md, _(".</p>\n\n"));
    }
    for (size_t i = 0; i < g_n_ch; i++) {
        const ChapterPage *c = &g_ch[i];
        char href[16];
        snprintf(href, sizeof href, "%s.html", c->name);
        buf_puts(&md, "<section class=\"toc-entry\">\n\n");
        buf_printf(&md, _("## [Chapter %d: "), c->number);
        md_puts(&md, c->title);
        buf_puts(&md, "](");
        md_dest(&md, href);
        buf_puts(&md, ")\n\n");
        if (!c->have_claims) buf_puts(&md, _("*No claims from this run.*\n\n"));
        else {
            page_counts_line(&md, c);
            buf_puts(&md, "\n\n");
        }
        bool any = false;
        for (size_t k = 0; k < c->n_claims; k++) {
            const Claim *cl = &c->claims[k];
            if (!page_notes_erratum(cl)) continue;
            if (!any) buf_puts(&md, _("<div class=\"errata\">\n\nErrata:\n\n"));
            any = true;
            buf_puts(&md, "- [");
            md_puts(&md, cl->id);
            buf_puts(&md, "](");
            Buf a = {0};
            buf_puts(&a, href);
            anchor_id(&a, "#claim-", cl->id);
            md_dest(&md, a.s);
            free(a.s);
            buf_puts(&md, ") ");
            page_claim_badges(&md, cl);
            buf_puts(&md, " ");
            page_glance_words(&md, c, cl);
            if (strcmp(cl->verdict, "erratum") == 0 && page_has_value(cl->document)) {
                buf_puts(&md, _(" <span class=\"values\">(document "));
                html_puts(&md, cl->document);
                buf_puts(&md, _(", computed "));
                html_puts(&md, cl->measured);
                buf_puts(&md, g_lang == LANG_EN ? ": " : "：");
                char *key = run_claim_key(c->run, cl);   // the lesson's words for the key number: a name, as code
                buf_puts(&md, "<code>");
                html_puts(&md, key);
                free(key);
                buf_puts(&md, "</code>)</span>");
            }
            buf_puts(&md, "\n");
        }
        if (any) buf_puts(&md, "\n</div>\n\n");
        buf_puts(&md, "</section>\n\n");
    }
    footer(&md, NULL, "./workbook");
    write_page(_("pe-workbook: contents"), "index.html", &md, true);
}

// ---- assets ----------------------------------------------------------------------------

static void copy_assets(const char *assets, const char *katex) {
    make_dir("assets");
    static const char *const OWN[] = {"workbook.css", "render.js"};
    for (size_t i = 0; i < 2; i++) {
        char from[8192], rel[64];
        snprintf(from, sizeof from, "%s/%s", assets, OWN[i]);
        snprintf(rel, sizeof rel, "assets/%s", OWN[i]);
        if (!copy_asset(from, rel)) {
            fprintf(stderr, _("%s: --assets %s: cannot read %s\n"), PROGRAM, assets, OWN[i]);
            exit(EXIT_BAD_INPUT);
        }
    }
    if (!katex) return;
    make_dir("assets/katex");
    make_dir("assets/katex/fonts");
    static const char *const KATEX[] = {"katex.min.js", "katex.min.css"};
    for (size_t i = 0; i < 2; i++) {
        char from[8192], rel[64];
        snprintf(from, sizeof from, "%s/%s", katex, KATEX[i]);
        snprintf(rel, sizeof rel, "assets/katex/%s", KATEX[i]);
        if (!copy_asset(from, rel)) {
            fprintf(stderr, _("%s: --katex %s: cannot read %s\n"), PROGRAM, katex, KATEX[i]);
            exit(EXIT_BAD_INPUT);
        }
    }
    // The fonts katex.min.css names (woff2 first, then woff and ttf): all of them.
    char fonts[8192];
    snprintf(fonts, sizeof fonts, "%s/fonts", katex);
    char css_path[8192];
    snprintf(css_path, sizeof css_path, "%s/katex.min.css", katex);
    char *css = text_file_read(css_path, NULL);
    for (const char *p = css ? css : ""; (p = strstr(p, "fonts/")) != NULL;) {
        p += 6;
        size_t len = strcspn(p, ")\"' ?#");
        char name[128];
        if (len == 0 || len >= sizeof name) continue;
        memcpy(name, p, len);
        name[len] = '\0';
        if (strchr(name, '/')) continue;
        char from[8192 + 128], rel[192];
        snprintf(from, sizeof from, "%s/%s", fonts, name);
        snprintf(rel, sizeof rel, "assets/katex/fonts/%s", name);
        if (manifest_has(&g_written, rel)) continue;   // named twice in the CSS (a file of an earlier run is written again)
        if (!copy_asset(from, rel)) fprintf(stderr, "%s: warning: KaTeX font %s missing\n", PROGRAM, from);
    }
    free(css);
}

// ---- the site's other files: exactly what the pages link -------------------------------

static void abandon_site(void) { site_dir_abandon(&g_site_dir); }

// While the site is written the stop signals are held (common/base/faults.h): one
// that came is acted on here, before the next file, by removing what the site
// wrote and then taking its course (128 + N).
static void stop_if_signalled(void) {
    if (!g_site || !faults_stop_pending()) return;
    abandon_site();
    faults_release_stop_signals();
}

// The run's file 'rel' copied into the site; one that cannot be read stops
// the site (its pages link it), unless it is not 'required'.
static void copy_run_file(const char *rel, bool required) {
    char from[8192];
    snprintf(from, sizeof from, "%s/%s", g_run_dir, rel);
    if (!copy_asset(from, rel) && required) {
        fprintf(stderr, _("%s: cannot read %s: %s (the site's pages link it)\n"), PROGRAM, from, strerror(errno));
        exit(EXIT_IO_FAILED);
    }
}

// ---- main ------------------------------------------------------------------------------

// (marked for the catalogue: --help prints it in the reader's language)
static const char *const USAGE = N_(
    "  Writes DIR/index.html and DIR/chNN.html from the workbook run in --out.\n"
    "  --plots     the plots/ folder (the default exercises folder is next to it)\n"
    "  --assets    tools/pages (style sheet, render script)\n"
    "  --katex     KaTeX (katex.min.js, katex.min.css, fonts/), e.g. /usr/share/javascript/katex;\n"
    "              without it formulas stay plain text\n"
    "  --exercises the exercises (chNN.tsv); default: the folder exercises next to --plots\n"
    "  --site      write the published site into SITE instead, the pages and exactly the files they\n"
    "              link (no cache, no MANIFEST); SITE: a new or empty folder, or a site written before,\n"
    "              whose SITE_MANIFEST lists every file in it (only those are replaced); --out is only read");

// Is --out a run the pages can be written into: its MANIFEST there, and no
// link or file where the pages' own folders go (one line on stderr if not)?
static bool is_run_folder(const char *out) {
    struct stat st;
    char manifest[8192];
    snprintf(manifest, sizeof manifest, "%s/MANIFEST", out);
    if (stat(manifest, &st) != 0) {
        fprintf(stderr, _("%s: --out %s: no MANIFEST there (run the workbook first: ./workbook)\n"), PROGRAM, out);
        return false;
    }
    // The pages write into these folders: a link in their place would take the
    // writes (and the removal of old files) outside --out.
    static const char *const OWN_FOLDERS[] = {"assets", "assets/katex", "assets/katex/fonts"};
    for (size_t i = 0; i < sizeof OWN_FOLDERS / sizeof OWN_FOLDERS[0]; i++) {
        char folder[8192];
        snprintf(folder, sizeof folder, "%s/%s", out, OWN_FOLDERS[i]);
        if (lstat(folder, &st) == 0 && !S_ISDIR(st.st_mode)) {
            options_reject(PROGRAM, "--out", out, _("it holds a link or a file where the pages' folder assets/ goes; "
                                                    "remove it (the pages are never written through a link)"));
            return false;
        }
    }
    return true;
}

// The pages of one language (and on a site its report; with English the run's
// files), from the run read in that language; the number of chapter pages.
static size_t write_language(Lang lang, const char *out, char **chapter_names, size_t n_names,
                             const char *exercises_dir, const char *lessons) {
    g_lang = lang;
    g_dir = language_dir(lang);
    g_root = lang == LANG_EN ? "" : "../";
    i18n_use(lang);
    if (g_dir[0]) {
        char folder[16];
        snprintf(folder, sizeof folder, "%.*s", (int)strlen(g_dir) - 1, g_dir);
        make_dir(folder);
    }
    Run run;
    run_read(&run, out, chapter_names, n_names, exercises_dir, lessons);
    g_run = &run;
    g_n_ch = 0;
    g_ch = calloc(run.n ? run.n : 1, sizeof *g_ch);
    if (!g_ch) faults_out_of_memory("the pages", run.n);
    for (size_t i = 0; i < run.n; i++) {
        const RunChapter *c = &run.chapters[i];
        if (c->state == RUN_CHAPTER_DONE || c->state == RUN_CHAPTER_BROKEN) chapter_page_of(&g_ch[g_n_ch++], c, lang, g_root, g_run_dir);
        if (c->state == RUN_CHAPTER_BROKEN && lang == LANG_EN)
            fprintf(stderr, _("%s: %s: %s (its page says so)\n"), PROGRAM, c->name, c->problem);
    }
    for (size_t i = 0; i < g_n_ch; i++) write_chapter(i);
    write_index();
    write_glossary();
    if (g_site) {   // the site's report in this language, from this very reading of the run
        report_md_set_run_dir(g_run_dir);   // (a PNG linked only where the run drew one)
        char *report = report_md_text(&run);
        write_out(report_md_name(lang), report, strlen(report));
        free(report);
    }
    if (g_site && lang == LANG_EN) site_files_copy(g_ch, g_n_ch, g_run_dir, make_dir, copy_run_file);
    size_t n_pages = g_n_ch;
    for (size_t i = 0; i < g_n_ch; i++) free(g_ch[i].figures);
    free(g_ch);
    g_run = NULL;
    run_free(&run);
    return n_pages;
}

// The end: the site put in its place, or the files of the previous pages run
// that this one did not write removed; then where the pages are.
static void finish(const char *out, size_t n_pages) {
    char why[4600];
if (g_site) {
    stop_if_signalled();
    if (!site_dir_commit(&g_site_dir, &g_written, why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", PROGRAM, why);
        exit(EXIT_IO_FAILED);
    }
    g_files_written++;   // (its SITE_MANIFEST)
    g_bytes_written += g_site_dir.manifest_bytes;
    printf(ngettext("workbook: site written to %s: %zu file, %.1f MB (open %s/index.html or serve the folder)\n",
                    "workbook: site written to %s: %zu files, %.1f MB (open %s/index.html or serve the folder)\n",
                    (unsigned long)g_files_written),
           g_site_dir.dir, g_files_written, (double)g_bytes_written / 1e6, g_site_dir.dir);
    fflush(stdout);
    faults_release_stop_signals();   // (a stop signal that came while the files moved is acted on now)
} else {
    remove_old_files();
    printf(n_pages == 1 ? _("Pages: %s/index.html (%zu chapter)\n") : _("Pages: %s/index.html (%zu chapters)\n"),
           out, n_pages);
    printf(_("       in Chinese: %s/zh-TW/index.html, %s/zh-CN/index.html; the glossary: glossary.html\n"), out,
           out);
}
}

int main(int argc, char **argv) {
    faults_install(PROGRAM);
    i18n_use(i18n_from_environment());   // (its messages: the pages are written in every language)
    const char *out = NULL, *plots = NULL, *assets = NULL, *katex = NULL, *exercises_dir = NULL, *site = NULL;
    const OptionSpec specs[] = {
        {"--out", OPTION_TEXT, &out, 0, 0, 0, "DIR", N_("the workbook's run (build/workbook)")},
        {"--plots", OPTION_TEXT, &plots, 0, 0, 0, "DIR", N_("the plots/ folder")},
        {"--assets", OPTION_TEXT, &assets, 0, 0, 0, "DIR", "tools/pages"},
        {"--katex", OPTION_TEXT, &katex, 0, 0, 0, "DIR", N_("KaTeX, e.g. /usr/share/javascript/katex")},
        {"--exercises", OPTION_TEXT, &exercises_dir, 0, 0, 0, "DIR", N_("the exercises folder")},
        {"--site", OPTION_TEXT, &site, 0, 0, 0, "SITE", N_("the published site's folder")},
    };
    OptionsResult parsed = options_parse(PROGRAM, _(USAGE), specs, sizeof specs / sizeof specs[0], argc, argv);
    if (parsed == OPTIONS_HELP)
        printf("%s", _("\nexit status: 0 pages (or the site) written, 2 bad input (nothing written), 3 a write failed\n"
                       "(--site: the previous site, or none, stays), 4 out of memory\n"));
    if (parsed != OPTIONS_OK) return parsed == OPTIONS_HELP ? EXIT_AS_EXPECTED : EXIT_BAD_INPUT;
    if (!out || !plots || !assets) {
        fprintf(stderr, _("%s: --out, --plots and --assets are required (see --help)\n"), PROGRAM);
        return EXIT_BAD_INPUT;
    }
    struct stat st;
    const char *dirs[] = {out, plots, assets, katex, exercises_dir};
    const char *names[] = {"--out", "--plots", "--assets", "--katex", "--exercises"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        if (dirs[i] && (strlen(dirs[i]) > 2048 || stat(dirs[i], &st) != 0 || !S_ISDIR(st.st_mode))) {
            options_reject(PROGRAM, names[i], dirs[i], _("expected a folder (a path of at most 2048 characters)"));
            return EXIT_BAD_INPUT;
        }
    }
    g_out = out;
    g_run_dir = out;
    g_katex = katex != NULL;
    g_site = site != NULL;
    char guess[8192];
    if (!exercises_dir) {                             // as the driver: "exercises" next to --plots
        snprintf(guess, sizeof guess, "%s/../exercises", plots);
        if (stat(guess, &st) == 0 && S_ISDIR(st.st_mode)) exercises_dir = guess;
    }
    if (!is_run_folder(out)) return EXIT_BAD_INPUT;
    // The site's folder: bad input is refused now, before any wait (tools/site_dir.h).
    char why[4600];
    if (g_site && !site_dir_check(&g_site_dir, site, why, sizeof why)) {
        options_reject(PROGRAM, "--site", site, why);
        return EXIT_BAD_INPUT;
    }
    // One writer at a time in the folder (common/run/folder_lock.h): the driver's run or another pages run waits,
    // saying at once what for.
    if (!folder_lock(PROGRAM, out)) {
        fprintf(stderr, _("%s: cannot lock %s/.lock: %s\n"), PROGRAM, out, strerror(errno));
        return EXIT_IO_FAILED;
    }
    // The site: written into a hidden folder in SITE, whose files take their places at the end;
    // a failure on the way removes it (at exit), and so does a stop signal (stop_if_signalled).
    if (g_site) {
        if (!site_dir_begin(&g_site_dir, why, sizeof why)) {
            options_reject(PROGRAM, "--site", site, why);
            return EXIT_BAD_INPUT;
        }
        faults_hold_stop_signals();
        atexit(abandon_site);
        g_out = g_site_dir.stage;
    }
    char **chapter_names;
    size_t n_names = run_chapter_names(out, &chapter_names);
    // The lessons beside the plots (as the driver finds them), else the ones built in.
    char lessons_dir[8192];
    snprintf(lessons_dir, sizeof lessons_dir, "%s/../lessons", plots);
    struct stat lessons_st;
    bool beside = stat(lessons_dir, &lessons_st) == 0 && S_ISDIR(lessons_st.st_mode);
    if (!g_site && !manifest_load(&g_manifest, out, "PAGES_MANIFEST", pages_file_name)) write_failed("PAGES_MANIFEST");
    manifest_init(&g_written, g_out, "PAGES_MANIFEST");
    copy_assets(assets, katex);
    glossary_read();
    Lang reader = i18n_current();
    size_t n_pages = 0;
    // Every language's pages, each from the run read in that language.
    for (Lang lang = 0; lang < LANG_COUNT; lang++)
        n_pages = write_language(lang, out, chapter_names, n_names, exercises_dir, beside ? lessons_dir : NULL);
    i18n_use(reader);
    finish(out, n_pages);
    glossary_free();
    names_free(chapter_names, n_names);
    manifest_free(&g_manifest);
    manifest_free(&g_written);
    return EXIT_AS_EXPECTED;
}
