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
#include "figures.h"
#include "run/folder_lock.h"
#include "base/i18n.h"
#include "run/lesson.h"
#include "run/manifest.h"
#include "run/options.h"
#include "page_text.h"
#include "report_md.h"
#include "run/run_data.h"
#include "site_dir.h"
#include "base/text_file.h"
#include "base/tsv.h"
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
// A data file above this many bytes stays out of the site, and its page says
// so with its size: a class's site should stay within about 20 MB, and at
// the course's settings one file is far above this, chapter 0's word vectors
// (vectors.txt, 44 MB, 17 MB compressed), which `./workbook ch00` writes.
// The next largest, chapter 3's heatmap_wide.dat, is under 1 MB.
enum { SITE_LARGEST_FILE = 5 * 1000 * 1000 };

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

typedef RunClaim Claim;

typedef struct {
    const char *name, *caption;    // ch05_rotation_check
    char claim[16];                // where it is placed ("" = at the end)
    int number;                    // Figure N.number
} Figure;

typedef struct {
    const RunChapter *run;
    const char *name, *title, *summary;
    int number;
    const Claim *claims;
    size_t n_claims;
    bool have_claims;
    Figure *figures;               // the drawn ones
    size_t n_figures;
    char *const *files;
    size_t n_files;
    const Exercise *exercises;
    int n_exercises;
} ChapterPage;

static const Run *g_run;           // the run the pages show
static ChapterPage *g_ch;
static size_t g_n_ch;

static void page_of(ChapterPage *p, const RunChapter *c) {
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
}

// ---- pieces of a page ------------------------------------------------------------

static const char *verdict_class(const char *v) {
    if (strcmp(v, "holds") == 0) return "holds";
    if (strcmp(v, "partly holds") == 0) return "partly";
    if (strcmp(v, "erratum") == 0) return "erratum";
    if (strcmp(v, "does not hold") == 0) return "nothold";
    return "other";
}

// A claim's badges: its verdict (an erratum with its weight) and, for a
// claim beyond the course, that.
static void claim_badges(Buf *b, const Claim *cl) {
    const char *weight = strcmp(cl->verdict, "erratum") == 0 ? cl->weight : "-";
    buf_printf(b, "<span class=\"badge v-%s%s\">", verdict_class(cl->verdict),
               strcmp(weight, "slip") == 0 ? " w-slip" : strcmp(weight, "error") == 0 ? " w-error" : "");
    md_puts(b, cl->verdict[0] ? lesson_verdict_words(cl->verdict, weight) : _("not run"));
    buf_puts(b, "</span>");
    if (strcmp(cl->scope, "beyond") == 0) buf_puts(b, _(" <span class=\"badge scope-beyond\">beyond the course</span>"));
}

// An erratum at a glance: the verdict is erratum, or the finding of another
// verdict names one (the word "erratum" in it).
static bool notes_erratum(const Claim *cl) {
    if (strcmp(cl->verdict, "erratum") == 0) return true;
    for (const char *p = cl->finding; *p; p++)
        if (strncasecmp(p, "erratum", 7) == 0) return true;
    return false;
}

static bool has_value(const char *v) { return v[0] && strcmp(v, "-") != 0; }

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

// ---- the glossary, and each term's first use on a page linked to it ----------------

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

static void read_glossary(void) {
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

static void free_glossary(void) {
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

// The page's Markdown as HTML, each glossary term's first use linked to the
// glossary (longest terms first, so that 位置編碼 is linked before 位置 can be).
static void add_markdown_linking_terms(Buf *h, const Buf *md) {
    char *html = markdown_html(md);
    size_t *order = calloc(g_n_terms ? g_n_terms : 1, sizeof *order);
    if (!order) faults_out_of_memory("the glossary", g_n_terms);
    for (size_t k = 0; k < g_n_terms; k++) order[k] = k;
    for (size_t i = 1; i < g_n_terms; i++)
        for (size_t j = i; j > 0 && strlen(g_terms[order[j - 1]].term[g_lang]) < strlen(g_terms[order[j]].term[g_lang]); j--) {
            size_t t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (size_t k = 0; k < g_n_terms; k++) {
        const Term *t = &g_terms[order[k]];
        // A single character (值, 圖) stands inside too many other words to be linked.
        if (strlen(t->term[g_lang]) < (g_lang == LANG_EN ? 3 : 6)) continue;
        long at = first_use(html, t->term[g_lang], g_lang == LANG_EN, t->not_in[g_lang]);
        if (at < 0) continue;
        size_t n = strlen(t->term[g_lang]);
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
    buf_puts(&md, "<div class=\"table-box\">\n<table class=\"glossary\">\n<thead><tr>");
    for (Lang l = 0; l < LANG_COUNT; l++) buf_printf(&md, "<th lang=\"%s\">%s</th>", i18n_html_lang(l), i18n_own_name(l));
    buf_printf(&md, "<th>%s</th>", _("where the course uses it"));
    if (g_lang != LANG_EN) buf_printf(&md, "<th>%s</th>", _("note"));
    buf_puts(&md, "</tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < g_n_terms; i++) {
        const Term *t = &g_terms[i];
        buf_puts(&md, "<tr id=\"term-");
        html_puts(&md, t->id);
        buf_puts(&md, "\">");
        // (each cell named by data-label: at phone width a row is a card, its cells one under another)
        for (Lang l = 0; l < LANG_COUNT; l++) {
            buf_printf(&md, "<td lang=\"%s\" data-label=\"", i18n_html_lang(l));
            html_puts(&md, i18n_own_name(l));
            buf_puts(&md, "\">");
            html_puts(&md, t->term[l]);
            buf_puts(&md, "</td>");
        }
        buf_puts(&md, "<td data-label=\"");
        html_puts(&md, _("where the course uses it"));
        buf_puts(&md, "\">");
        html_puts(&md, lesson_source_label(t->source[g_lang]));
        buf_puts(&md, "</td>");
        if (g_lang != LANG_EN) {   // (Markdown with TeX between blank lines: CommonMark reads it inside the cell)
            buf_puts(&md, "<td data-label=\"");
            html_puts(&md, _("note"));
            buf_puts(&md, "\">\n\n");
            md_tex(&md, t->note[g_lang]);
            buf_puts(&md, "\n\n</td>");
        }
        buf_puts(&md, "</tr>\n");
    }
    buf_puts(&md, "</tbody>\n</table>\n</div>\n\n");
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
static void figure(Buf *md, const ChapterPage *c, const Figure *f) {
    char svg[8192], png[8192];
    Lang lang = figures_file_exists(g_run_dir, g_lang, f->name, "svg") ? g_lang : LANG_EN;
    snprintf(svg, sizeof svg, "%sfigures/%s%s.svg", g_root, figures_language_dir(lang), f->name);
    snprintf(png, sizeof png, "%sfigures/%s%s.png", g_root, figures_language_dir(lang), f->name);
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
    bool has_png = figures_file_exists(g_run_dir, lang, f->name, "png");
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
static void claim_section(Buf *md, ChapterPage *c, const Claim *cl) {
    buf_puts(md, "<section class=\"claim\" id=\"");
    anchor_id(md, "claim-", cl->id);
    buf_puts(md, "\">\n\n## ");
    buf_puts(md, _("Claim "));
    md_puts(md, cl->id);
    buf_puts(md, " ");
    claim_badges(md, cl);
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
        if (strcmp(c->figures[k].claim, cl->id) == 0) figure(md, c, &c->figures[k]);
    buf_printf(md, "<div class=\"verdict v-%s\">\n\n", verdict_class(cl->verdict));
    buf_puts(md, _("**Verdict:** "));
    claim_badges(md, cl);
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
    if (strcmp(cl->verdict, "erratum") == 0 && has_value(cl->document)) {
        buf_puts(md, _("<dd>computed <b>"));
        html_puts(md, cl->measured);
        buf_puts(md, _("</b>, the document's value <b>"));
        html_puts(md, cl->document);
        buf_puts(md, "</b>");
    } else {
        buf_puts(md, _("<dd>measured <b>"));
        html_puts(md, cl->measured);
        buf_puts(md, "</b>");
        if (has_value(cl->document)) {
            buf_puts(md, _(", document or expected value "));
            html_puts(md, cl->document);
        }
    }
    if (has_value(cl->tolerance)) {
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
static void exercises(Buf *md, const ChapterPage *c) {
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

static void counts_line(Buf *md, const ChapterPage *c) {
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
static void glance_words(Buf *md, const ChapterPage *c, const Claim *cl) {
    const LessonClaim *lc = c->run->has_lesson && c->have_claims ? lesson_claim(&c->run->lesson, cl->id) : NULL;
    char why[256];
    char *says = lc ? lesson_render(lc->says, &cl->values, why, sizeof why) : NULL;
    if (says) md_lesson(md, says);
    else printed(md, cl->statement);
    free(says);
}

// A file's size for a reader: "0.3 kB", "195.1 kB", "43.6 MB" (1 kB = 1000 bytes).
static void file_size_words(char *buf, size_t size, unsigned long long bytes) {
    if (bytes < 1000ULL * 1000ULL) snprintf(buf, size, "%.1f kB", (double)bytes / 1e3);
    else snprintf(buf, size, "%.1f MB", (double)bytes / 1e6);
}

// ---- where the results come from, and how to run them yourself -------------------------

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
static char *chapter_command(const RunChapter *c) {
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
static void footer(Buf *md, const RunChapter *c, const char *command) {
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
        for (size_t i = 0; i < g_n_ch; i++) {
            const RunChapter *r = g_ch[i].run;
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
        for (size_t i = 0; i < g_n_ch; i++) {
            const RunChapter *r = g_ch[i].run;
            if (run_at_course_settings(r)) continue;
            Buf code = {0};
            md_code(&code, r->settings);
            buf_printf(md, _(" Chapter %d ran with %s, not at the course's settings."), r->number, code.s);
            free(code.s);
            other = true;
        }
        if (!other && g_n_ch > 0) buf_puts(md, _(" Every chapter ran at the course's settings (its defaults)."));
    }
    free(date.s), free(commit.s), free(machine.s);
    buf_puts(md, "\n\n");
    Buf run = {0};
    md_code(&run, command);
    if (g_source_url[0]) {
        char clone[4200];
        snprintf(clone, sizeof clone, "git clone %s", g_source_url);
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

static void write_chapter(size_t i) {
    ChapterPage *c = &g_ch[i];
    int fig_no = 0;
    for (size_t k = 0; k < c->n_claims; k++)
        for (size_t f = 0; f < c->n_figures; f++)
            if (strcmp(c->figures[f].claim, c->claims[k].id) == 0) c->figures[f].number = ++fig_no;
    for (size_t f = 0; f < c->n_figures; f++)
        if (!c->figures[f].claim[0]) c->figures[f].number = ++fig_no;

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
        char *typed = chapter_command(c->run);
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
        counts_line(&md, c);
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
            claim_badges(&md, cl);
            buf_puts(&md, " ");
            glance_words(&md, c, cl);
            buf_puts(&md, "\n");
        }
        buf_puts(&md, "\n</nav>\n\n");
    }
    for (size_t k = 0; k < c->n_claims; k++) claim_section(&md, c, &c->claims[k]);
    bool unplaced = false;
    for (size_t f = 0; f < c->n_figures; f++) unplaced = unplaced || !c->figures[f].claim[0];
    if (unplaced) {
        buf_puts(&md, _("## More figures\n\n"));
        for (size_t f = 0; f < c->n_figures; f++)
            if (!c->figures[f].claim[0]) figure(&md, c, &c->figures[f]);
    }
    exercises(&md, c);
    buf_puts(&md, _("<section class=\"files\">\n\n## The chapter's files\n\n"));
    // (the folder named, never linked: a static web host answers a folder's address with 404)
    buf_puts(&md, _("Written by this run into "));
    char folder[16];
    snprintf(folder, sizeof folder, "%s/", c->name);
    md_code(&md, folder);
    buf_puts(&md, _(", as its MANIFEST lists them, with the narrative "));
    char out_rel[32];
    snprintf(out_rel, sizeof out_rel, "%s%s/output.txt", g_root, c->name);
    buf_puts(&md, "[`output.txt`](");
    md_dest(&md, out_rel);
    buf_puts(&md, "):\n\n");
    for (size_t f = 0; f < c->n_files; f++) {
        char rel[8192], path[8192];
        snprintf(rel, sizeof rel, "%s%s/%s", g_root, c->name, c->files[f]);
        snprintf(path, sizeof path, "%s/%s/%s", g_run_dir, c->name, c->files[f]);
        struct stat st;
        bool there = stat(path, &st) == 0 && S_ISREG(st.st_mode);
        char size[32] = "";
        if (there) file_size_words(size, sizeof size, (unsigned long long)st.st_size);
        buf_puts(&md, "- ");
        if (!there) {            // (listed by its MANIFEST, removed since)
            md_code(&md, c->files[f]);
            buf_puts(&md, _(" (no longer there)"));
        } else if (g_site && st.st_size > SITE_LARGEST_FILE) {
            md_code(&md, c->files[f]);
            buf_printf(&md, " (%s)", size);
            char command[32];
            snprintf(command, sizeof command, "./workbook %s", c->name);
            Buf code = {0};
            md_code(&code, command);
            buf_printf(&md, _(": left out of the published pages, which stay small; %s writes it"), code.s);
            free(code.s);
        } else {
            buf_puts(&md, "[");
            md_code(&md, c->files[f]);
            buf_puts(&md, "](");
            md_dest(&md, rel);
            buf_printf(&md, ") (%s)", size);
        }
        buf_puts(&md, "\n");
    }
    buf_puts(&md, "\n</section>\n\n");
    nav(&md, i);
    char *command = chapter_command(c->run);
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
            counts_line(&md, c);
            buf_puts(&md, "\n\n");
        }
        bool any = false;
        for (size_t k = 0; k < c->n_claims; k++) {
            const Claim *cl = &c->claims[k];
            if (!notes_erratum(cl)) continue;
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
            claim_badges(&md, cl);
            buf_puts(&md, " ");
            glance_words(&md, c, cl);
            if (strcmp(cl->verdict, "erratum") == 0 && has_value(cl->document)) {
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

// Each chapter's drawn figures (the SVG in every language: each language's
// pages show their own; the PNG where the run drew one), its data files (those its page links:
// none above SITE_LARGEST_FILE) and what it printed.
static void copy_site_files(void) {
    make_dir("figures");
    for (Lang lang = 1; lang < LANG_COUNT; lang++) {
        char sub[64];
        snprintf(sub, sizeof sub, "figures/%.*s", (int)strlen(figures_language_dir(lang)) - 1, figures_language_dir(lang));
        make_dir(sub);
    }
    for (size_t i = 0; i < g_n_ch; i++) {
        const ChapterPage *c = &g_ch[i];
        char rel[8192];
        for (size_t k = 0; k < c->n_figures; k++)
            for (Lang lang = 0; lang < LANG_COUNT; lang++) {
                snprintf(rel, sizeof rel, "figures/%s%s.svg", figures_language_dir(lang), c->figures[k].name);
                if (lang == LANG_EN || figures_file_exists(g_run_dir, lang, c->figures[k].name, "svg"))
                    copy_run_file(rel, true);
                snprintf(rel, sizeof rel, "figures/%s%s.png", figures_language_dir(lang), c->figures[k].name);
                if (figures_file_exists(g_run_dir, lang, c->figures[k].name, "png")) copy_run_file(rel, true);
            }
        make_dir(c->name);
        snprintf(rel, sizeof rel, "%s/output.txt", c->name);
        copy_run_file(rel, true);
        for (size_t f = 0; f < c->n_files; f++) {
            snprintf(rel, sizeof rel, "%s/%s/%s", g_run_dir, c->name, c->files[f]);
            struct stat st;
            if (stat(rel, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > SITE_LARGEST_FILE) continue;
            snprintf(rel, sizeof rel, "%s/%s", c->name, c->files[f]);
            copy_run_file(rel, true);
        }
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
    char manifest[8192];
    snprintf(manifest, sizeof manifest, "%s/MANIFEST", out);
    if (stat(manifest, &st) != 0) {
        fprintf(stderr, _("%s: --out %s: no MANIFEST there (run the workbook first: ./workbook)\n"), PROGRAM, out);
        return EXIT_BAD_INPUT;
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
            return EXIT_BAD_INPUT;
        }
    }
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
    read_glossary();
    Lang reader = i18n_current();
    size_t n_pages = 0;
    // Every language's pages, each from the run read in that language.
    for (Lang lang = 0; lang < LANG_COUNT; lang++) {
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
        run_read(&run, out, chapter_names, n_names, exercises_dir, beside ? lessons_dir : NULL);
        g_run = &run;
        g_n_ch = 0;
        g_ch = calloc(run.n ? run.n : 1, sizeof *g_ch);
        if (!g_ch) faults_out_of_memory("the pages", run.n);
        for (size_t i = 0; i < run.n; i++) {
            const RunChapter *c = &run.chapters[i];
            if (c->state == RUN_CHAPTER_DONE || c->state == RUN_CHAPTER_BROKEN) page_of(&g_ch[g_n_ch++], c);
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
        if (g_site && lang == LANG_EN) copy_site_files();
        n_pages = g_n_ch;
        for (size_t i = 0; i < g_n_ch; i++) free(g_ch[i].figures);
        free(g_ch);
        g_run = NULL;
        run_free(&run);
    }
    i18n_use(reader);
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
    free_glossary();
    names_free(chapter_names, n_names);
    manifest_free(&g_manifest);
    manifest_free(&g_written);
    return EXIT_AS_EXPECTED;
}
