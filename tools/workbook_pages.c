// workbook_pages.c: the workbook as HTML pages, written from a finished run.
//
//   workbook_pages --out DIR --plots DIR --assets DIR [--katex DIR] [--exercises DIR]
//
// Reads what the driver (workbook_run) and the chapters left in DIR (the
// workbook's output folder) and writes, next to REPORT.md:
//   DIR/index.html        the contents: every chapter with its title, its
//                         verdict counts and its errata
//   DIR/chNN.html         one page per chapter: the lesson claim by claim
//   DIR/assets/           the style sheet and render script (from --assets)
//                         and KaTeX (from --katex), so the pages work from file://
//   DIR/PAGES_MANIFEST    the files above, one relative path a line
// A run first removes what the previous PAGES_MANIFEST lists (only names of
// those kinds), then writes each file under a temporary name and renames it.
//
// One source of content: everything on a page comes from the run's own files,
// the same ones REPORT.md and the terminal are written from:
//   DIR/MANIFEST          which chapters ran (chNN/output.txt) and which
//                         figures were drawn (figures/NAME.svg)
//   DIR/chNN/chapter.txt  line 1 the title, then the summary
//   DIR/chNN/claims.tsv   one row per claim (columns named by its header)
//   DIR/chNN/output.txt   the narrative: "---- claim ID (SOURCE) ----", the
//                         statement, the text, "=> verdict: ...", the finding
//   DIR/chNN/MANIFEST     the chapter's data files (linked from its page)
//   EXERCISES/chNN.tsv    the chapter's exercises, when there are any (the
//                         driver's --exercises folder, exercises/README.md):
//                         tab-separated, columns named by the header row (id,
//                         question, options, answer are shown; the answer folded)
//   plots/NAME.gp         line 1 "# Figure: caption"
//   ASSETS/figure_claims.tsv  the claim each figure is placed at (the one place)
//
// Formulas. The texts are ASCII maths (P_{k+R} = M_R P_k, 10000^(2i/d)).
// A word holding '_' or '^' starts a formula; the formula runs on over the
// words next to it that are formulas too, operators (= + - x < > <= >= ...)
// and plain numbers or single letters, and never ends on an operator. A
// formula whose brackets do not balance stays plain text. Each becomes
//   <span class="tex" data-tex="TEX">ASCII</span>
// with TEX from fixed rewrites (^(a) -> ^{a}, _ab -> _{ab}, sin -> \sin,
// sum -> \sum, pi -> \pi, <= -> \le, a.b -> a\cdot b, .. -> \ldots, other
// letter runs -> \mathrm{...},
// non-ASCII text -> \text{...}); assets/render.js hands each span's TEX to
// katex.render and marks it done. So without JavaScript a reader sees the
// ASCII, and no TeX delimiter is ever written into a page. The narrative's
// lines that are laid out as tables (indented or with runs of spaces) stay
// preformatted, without formulas.
//
// Markdown. Each page is written as CommonMark and turned into HTML by
// libcmark: every value from the data goes in as Markdown text with its
// punctuation backslash-escaped (cmark then escapes it for HTML), or, inside
// the few raw HTML tags (badges, formula spans, figures), HTML-escaped here.
//
// Exit statuses: 0 pages written; 2 bad input (one line on stderr, nothing
// written); 3 a write failed.
#include <cmark.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chapter.h"
#include "claims_tsv.h"
#include "datafile.h"
#include "exercises.h"
#include "exitcodes.h"
#include "tsv.h"

enum {
    MAX_CHAPTERS = 32,
    MAX_CLAIMS = CHAPTER_MAX_CLAIMS,   // a chapter's limits (chapter.h): the two cannot differ
    MAX_FIGURES = 16,
    MAX_FILES = CHAPTER_MAX_FILES,
    MAX_MAPPED = 256,
    PATH_LEN = 4096
};

static const char *const PROGRAM = "workbook_pages";

// ---- small utilities ------------------------------------------------------------

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "%s: out of memory\n", PROGRAM);
        exit(EXIT_NO_RESOURCES);
    }
    return p;
}

static char *xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = xmalloc(n);
    memcpy(p, s, n);
    return p;
}

// A growing string.
typedef struct {
    char *s;
    size_t n, cap;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->n + n + 1 > cap) cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            fprintf(stderr, "%s: out of memory\n", PROGRAM);
            exit(EXIT_NO_RESOURCES);
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void buf_puts(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

static void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void buf_printf(Buf *b, const char *fmt, ...) {
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        buf_add(b, tmp, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    buf_add(b, big, (size_t)n);
    free(big);
}

// Markdown text: every ASCII punctuation character backslash-escaped
// (CommonMark allows that for all of them), line breaks as spaces.
static void md_text(Buf *b, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n' || c == '\r' || c == '\t') {
            buf_add(b, " ", 1);
        } else if (ispunct(c)) {
            char e[2] = {'\\', (char)c};
            buf_add(b, e, 2);
        } else {
            buf_add(b, (const char *)&s[i], 1);
        }
    }
}

static void md_puts(Buf *b, const char *s) { md_text(b, s, strlen(s)); }

// HTML text or attribute value.
static void html_text(Buf *b, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '&': buf_puts(b, "&amp;"); break;
        case '<': buf_puts(b, "&lt;"); break;
        case '>': buf_puts(b, "&gt;"); break;
        case '"': buf_puts(b, "&quot;"); break;
        case '\'': buf_puts(b, "&#39;"); break;
        case '\n': buf_puts(b, " "); break;
        default: buf_add(b, &s[i], 1);
        }
    }
}

static void html_puts(Buf *b, const char *s) { html_text(b, s, strlen(s)); }

// A Markdown link destination in <...>: only <, > and \ need escaping.
static void md_dest(Buf *b, const char *s) {
    buf_puts(b, "<");
    for (; *s; s++) {
        if (*s == '<' || *s == '>' || *s == '\\') buf_add(b, "\\", 1);
        buf_add(b, s, 1);
    }
    buf_puts(b, ">");
}

static char *read_file(const char *path) {
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    Buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) buf_add(&b, chunk, n);
    bool bad = ferror(fp);
    fclose(fp);
    if (bad) {
        free(b.s);
        return NULL;
    }
    if (!b.s) buf_add(&b, "", 0);
    return b.s;
}

// Split 'text' in place into lines (without '\n'); returns the count.
static size_t split_lines(char *text, char ***lines_out) {
    size_t cap = 64, n = 0;
    char **lines = xmalloc(cap * sizeof *lines);
    char *p = text;
    while (*p) {
        if (n == cap) {
            cap *= 2;
            char **q = realloc(lines, cap * sizeof *lines);
            if (!q) exit(EXIT_NO_RESOURCES);
            lines = q;
        }
        lines[n++] = p;
        char *nl = strchr(p, '\n');
        if (!nl) break;
        *nl = '\0';
        if (nl > p && nl[-1] == '\r') nl[-1] = '\0';
        p = nl + 1;
    }
    *lines_out = lines;
    return n;
}

static bool starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static bool is_chapter_name(const char *s) {
    return s[0] == 'c' && s[1] == 'h' && isdigit((unsigned char)s[2]) && isdigit((unsigned char)s[3]) && s[4] == '\0';
}

// ---- writing files: temporary name, then rename; listed in PAGES_MANIFEST ----------

static FILE *g_manifest;
static bool g_katex;           // KaTeX copied next to the pages (--katex)
static char g_exercises[PATH_LEN];   // the exercises folder, or ""
static char g_out[PATH_LEN];

static void write_failed(const char *path) {
    fprintf(stderr, "%s: cannot write %s: %s\n", PROGRAM, path, strerror(errno));
    exit(EXIT_IO_FAILED);
}

static void manifest_add(const char *rel) {
    if (fprintf(g_manifest, "%s\n", rel) < 0 || fflush(g_manifest) != 0) write_failed("PAGES_MANIFEST");
}

// Write OUT/rel through common/datafile (a temporary name in the same folder,
// flushed and renamed when complete); listed in PAGES_MANIFEST before it
// appears under its name.
static void write_out(const char *rel, const char *data, size_t n) {
    char path[PATH_LEN], dir[PATH_LEN];
    snprintf(path, sizeof path, "%s/%s", g_out, rel);
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    *slash = '\0';
    DataFile f;
    if (!datafile_open(&f, dir, slash + 1, NULL)) write_failed(path);
    datafile_write(&f, data, n);
    manifest_add(rel);
    if (!datafile_close(&f)) write_failed(path);
}

// Names PAGES_MANIFEST may list (and a new run may remove).
static bool pages_file_name(const char *rel) {
    if (strstr(rel, "..") || rel[0] == '/') return false;
    if (strcmp(rel, "index.html") == 0) return true;
    if (starts_with(rel, "assets/")) return true;
    return strlen(rel) == 9 && starts_with(rel, "ch") && isdigit((unsigned char)rel[2]) &&
           isdigit((unsigned char)rel[3]) && strcmp(rel + 4, ".html") == 0;
}

static void manifest_start(void) {
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/PAGES_MANIFEST", g_out);
    char *old = read_file(path);
    if (old) {
        char **lines;
        size_t n = split_lines(old, &lines);
        for (size_t i = 0; i < n; i++) {
            if (!pages_file_name(lines[i])) continue;
            char victim[PATH_LEN];
            snprintf(victim, sizeof victim, "%s/%s", g_out, lines[i]);
            if (remove(victim) != 0 && errno != ENOENT) write_failed(victim);
        }
        free(lines);
        free(old);
    }
    g_manifest = fopen(path, "w");
    if (!g_manifest) write_failed(path);
}

static void make_dir(const char *rel) {
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/%s", g_out, rel);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) write_failed(path);
}

// Copy a file (following symbolic links: Debian's KaTeX fonts are links).
static bool copy_asset(const char *from, const char *rel) {
    char *data = NULL;
    FILE *fp = fopen(from, "rb");
    if (!fp) return false;
    Buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) buf_add(&b, chunk, n);
    fclose(fp);
    data = b.s ? b.s : xstrdup("");
    write_out(rel, data, b.n);
    free(data);
    return true;
}

// ---- formulas: ASCII maths to TeX ------------------------------------------------------

static bool is_operator_word(const char *w, size_t n) {
    static const char *const OPS[] = {"=", "+", "-", "x", "*", "/", "<", ">", "<=", ">=", "~", "·", "×", "≈", "≤", "≥", "−", "->", "!=", "."};
    for (size_t i = 0; i < sizeof OPS / sizeof OPS[0]; i++)
        if (strlen(OPS[i]) == n && strncmp(OPS[i], w, n) == 0) return true;
    return false;
}

// A program's name (gsl_blas_dgemv, err_float, bench_ch06): two or more
// letters or digits on both sides of an '_'. Such a word is no formula.
static bool is_code_word(const char *w, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (w[i] != '_') continue;
        size_t a = 0, b = 0;
        while (a < i && isalnum((unsigned char)w[i - 1 - a])) a++;
        while (i + 1 + b < n && isalnum((unsigned char)w[i + 1 + b])) b++;
        if (a >= 2 && b >= 2) return true;
    }
    return false;
}

static bool has_script(const char *w, size_t n) {
    return (memchr(w, '_', n) || memchr(w, '^', n)) && !is_code_word(w, n);
}

// An operand: a number or a small expression of single letters, digits,
// brackets and + - * / . (d, 10.5, (d/2), s(3), 2i), never a word of two or
// more letters.
static bool is_operand_word(const char *w, size_t n) {
    bool alnum = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)w[i];
        if (isalpha(c)) {
            if (i + 1 < n && isalpha((unsigned char)w[i + 1])) return false;
            alnum = true;
        } else if (isdigit(c)) {
            alnum = true;
        } else if (!strchr("()+-*/.,", c)) {
            return false;
        }
    }
    return alnum;
}

static bool brackets_balance(const char *s, size_t n) {
    char stack[64];
    size_t depth = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '(' || c == '[' || c == '{') {
            if (depth == sizeof stack) return false;
            stack[depth++] = c;
        } else if (c == ')' || c == ']' || c == '}') {
            char open = c == ')' ? '(' : c == ']' ? '[' : '{';
            if (depth == 0 || stack[depth - 1] != open) return false;
            depth--;
        }
    }
    return depth == 0;
}

// The closing bracket matching s[open] (same kind), or n.
static size_t matching(const char *s, size_t n, size_t open) {
    int depth = 0;
    for (size_t i = open; i < n; i++) {
        if (s[i] == '(' || s[i] == '[' || s[i] == '{') depth++;
        if (s[i] == ')' || s[i] == ']' || s[i] == '}') {
            if (--depth == 0) return i;
        }
    }
    return n;
}

static void tex_of(Buf *t, const char *s, size_t n);

static void tex_group(Buf *t, const char *s, size_t n) {
    buf_puts(t, "{");
    tex_of(t, s, n);
    buf_puts(t, "}");
}

static const struct {
    const char *utf8, *tex;
} SYMBOLS[] = {{"·", "\\cdot "}, {"×", "\\times "}, {"≈", "\\approx "}, {"π", "\\pi "}, {"≤", "\\le "},
               {"≥", "\\ge "},   {"‖", "\\| "},     {"−", "-"},          {"√", "\\surd "}, {"±", "\\pm "},
               {"∞", "\\infty "}, {"→", "\\to "}};

// " x " is a product sign between two operands (P_1 x M_3), a variable
// after an operator or at either end (q = x W_Q).
static bool times_between(const char *s, size_t n, size_t i) {
    if (i == 0 || i + 1 >= n || s[i - 1] != ' ' || s[i + 1] != ' ') return false;
    size_t a = i - 1, b = i + 1;
    while (a > 0 && s[a] == ' ') a--;
    while (b < n && s[b] == ' ') b++;
    if (b >= n) return false;
    unsigned char before = (unsigned char)s[a], after = (unsigned char)s[b];
    return (isalnum(before) || before == ')' || before == ']' || before == '}') &&
           (isalnum(after) || after == '(' || after == '[');
}

static const char *const FUNCTIONS[] = {"sin", "cos", "exp", "log", "max", "min", "ln", "tan", "arg"};

static void tex_of(Buf *t, const char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == '^' || c == '_') {
            buf_add(t, (const char *)&s[i], 1);
            i++;
            if (i >= n) {
                buf_puts(t, "{}");
                break;
            }
            if (s[i] == '(' || s[i] == '{') {       // ^(2i/d) -> ^{2i/d}, _{k+R} stays
                size_t close = matching(s, n, i);
                tex_group(t, s + i + 1, close - i - 1);
                i = close < n ? close + 1 : n;
            } else {                                 // _ab, _12, _-2: one run of letters or digits
                size_t j = i;
                if (s[j] == '-' || s[j] == '+') j++;
                while (j < n && isalnum((unsigned char)s[j])) j++;
                if (j == i && (unsigned char)s[i] >= 0x80) {   // x_魚: one character, all its bytes
                    j = i + 1;
                    while (j < n && ((unsigned char)s[j] & 0xC0) == 0x80) j++;
                }
                if (j == i) j = i + 1;
                tex_group(t, s + i, j - i);
                i = j;
            }
            continue;
        }
        if (isalpha(c)) {
            size_t j = i;
            while (j < n && isalpha((unsigned char)s[j])) j++;
            size_t len = j - i;
            bool done = false;
            if (len == 2 && strncmp(s + i, "pi", 2) == 0) {
                buf_puts(t, "\\pi ");
                done = true;
            }
            for (size_t f = 0; !done && f < sizeof FUNCTIONS / sizeof FUNCTIONS[0]; f++) {
                if (strlen(FUNCTIONS[f]) == len && strncmp(FUNCTIONS[f], s + i, len) == 0) {
                    buf_printf(t, "\\%s ", FUNCTIONS[f]);
                    done = true;
                }
            }
            if (!done && len == 3 && strncmp(s + i, "sum", 3) == 0) {
                buf_puts(t, "\\sum ");
                done = true;
            }
            if (!done && len == 4 && strncmp(s + i, "sqrt", 4) == 0) {
                buf_puts(t, "\\sqrt");
                done = true;
            }
            if (!done && len == 1) {
                if (s[i] == 'x' && times_between(s, n, i)) buf_puts(t, "\\times ");
                else buf_add(t, s + i, 1);
                done = true;
            }
            if (!done) {
                buf_puts(t, "\\mathrm{");
                buf_add(t, s + i, len);
                buf_puts(t, "}");
            }
            i = j;
            continue;
        }
        if (c >= 0x80) {
            bool done = false;
            for (size_t k = 0; k < sizeof SYMBOLS / sizeof SYMBOLS[0]; k++) {
                size_t len = strlen(SYMBOLS[k].utf8);
                if (i + len <= n && strncmp(s + i, SYMBOLS[k].utf8, len) == 0) {
                    buf_puts(t, SYMBOLS[k].tex);
                    i += len;
                    done = true;
                    break;
                }
            }
            if (done) continue;
            size_t j = i;                            // other text (你打我): \text{...}
            while (j < n && (unsigned char)s[j] >= 0x80) {
                bool symbol = false;
                for (size_t k = 0; k < sizeof SYMBOLS / sizeof SYMBOLS[0]; k++)
                    if (strncmp(s + j, SYMBOLS[k].utf8, strlen(SYMBOLS[k].utf8)) == 0) symbol = true;
                if (symbol) break;
                j++;
            }
            buf_puts(t, "\\text{");
            buf_add(t, s + i, j - i);
            buf_puts(t, "}");
            i = j;
            continue;
        }
        switch (c) {
        case '<':
            if (i + 1 < n && s[i + 1] == '=') {
                buf_puts(t, "\\le ");
                i++;
            } else {
                buf_puts(t, "<");
            }
            break;
        case '>':
            if (i + 1 < n && s[i + 1] == '=') {
                buf_puts(t, "\\ge ");
                i++;
            } else {
                buf_puts(t, ">");
            }
            break;
        case '-':
            if (i + 1 < n && s[i + 1] == '>') {
                buf_puts(t, "\\to ");
                i++;
            } else {
                buf_puts(t, "-");
            }
            break;
        case '!':
            if (i + 1 < n && s[i + 1] == '=') {
                buf_puts(t, "\\ne ");
                i++;
            } else {
                buf_puts(t, "!");
            }
            break;
        case '.':                                    // a.b is a dot product; 0.5 a decimal point; .. a range
            if (i + 1 < n && s[i + 1] == '.') {
                buf_puts(t, "\\ldots ");
                while (i + 1 < n && s[i + 1] == '.') i++;
                break;
            }
            if (i + 1 < n && (isalpha((unsigned char)s[i + 1]) || (s[i + 1] == ' ' && i > 0 && s[i - 1] == ' ')))
                buf_puts(t, "\\cdot ");
            else buf_puts(t, ".");
            break;
        case '*': buf_puts(t, "\\cdot "); break;
        case '~': buf_puts(t, "\\sim "); break;
        case '%': buf_puts(t, "\\%"); break;
        case '#': buf_puts(t, "\\#"); break;
        case '&': buf_puts(t, "\\&"); break;
        case '$': buf_puts(t, "\\$"); break;
        case '\\': buf_puts(t, "\\backslash "); break;
        case '\'': buf_puts(t, "'"); break;
        case '"': break;
        default: buf_add(t, (const char *)&s[i], 1);
        }
        i++;
    }
}

// Write 'text' as Markdown with its formulas as KaTeX spans (see the header).
static void md_math(Buf *b, const char *text) {
    size_t n = strlen(text);
    // words: [ws[k], we[k])
    size_t cap = 64, nw = 0;
    size_t *ws = xmalloc(cap * sizeof *ws), *we = xmalloc(cap * sizeof *we);
    for (size_t i = 0; i < n;) {
        while (i < n && isspace((unsigned char)text[i])) i++;
        if (i >= n) break;
        size_t j = i;
        while (j < n && !isspace((unsigned char)text[j])) j++;
        if (nw == cap) {
            cap *= 2;
            ws = realloc(ws, cap * sizeof *ws);
            we = realloc(we, cap * sizeof *we);
            if (!ws || !we) exit(EXIT_NO_RESOURCES);
        }
        ws[nw] = i;
        we[nw] = j;
        nw++;
        i = j;
    }
    size_t done = 0;                                 // text before this offset is written
    for (size_t k = 0; k < nw; k++) {
        if (!has_script(text + ws[k], we[k] - ws[k])) continue;
        // extend left over operands/operators, right over formulas/operators/operands
        size_t first = k, last = k;
        // (a word ending in , ; : or . ends the formula: "L_train: 6.3, 11.2" is a formula and a list)
        while (first > 0 && ws[first - 1] >= done) {
            const char *w = text + ws[first - 1];
            size_t len = we[first - 1] - ws[first - 1];
            if (!(is_operator_word(w, len) || is_operand_word(w, len)) || (len > 1 && strchr(",;:.", w[len - 1])))
                break;
            first--;
        }
        while (last + 1 < nw && !(we[last] - ws[last] > 1 && strchr(",;:.", text[we[last] - 1]))) {
            const char *w = text + ws[last + 1];
            size_t len = we[last + 1] - ws[last + 1];
            if (!(has_script(w, len) || is_operator_word(w, len) || is_operand_word(w, len))) break;
            last++;
        }
        // never begin or end on an operator
        while (first < k && is_operator_word(text + ws[first], we[first] - ws[first])) first++;
        while (last > k && is_operator_word(text + ws[last], we[last] - ws[last])) last--;
        size_t s = ws[first], e = we[last];
        // strip quotes and trailing punctuation, then unmatched outer brackets
        while (s < e && (text[s] == '"' || text[s] == '\'')) s++;
        while (e > s && strchr(",.;:!?\"'", text[e - 1])) e--;
        while (e > s && !brackets_balance(text + s, e - s)) {
            if (text[s] == '(' || text[s] == '[') s++;
            else if (text[e - 1] == ')' || text[e - 1] == ']') e--;
            else break;
        }
        if (e <= s || !brackets_balance(text + s, e - s) || !has_script(text + s, e - s)) {
            k = last;
            continue;
        }
        md_text(b, text + done, s - done);
        Buf tex = {0};
        tex_of(&tex, text + s, e - s);
        buf_puts(b, "<span class=\"tex\" data-tex=\"");
        html_puts(b, tex.s ? tex.s : "");
        buf_puts(b, "\">");
        md_text(b, text + s, e - s);
        buf_puts(b, "</span>");
        free(tex.s);
        done = e;
        k = last;
    }
    md_text(b, text + done, n - done);
    free(ws);
    free(we);
}

// ---- the run's data -----------------------------------------------------------------

typedef struct {
    char *id, *source, *verdict, *expected, *measured, *document, *tolerance, *key, *statement, *finding;
    char **narrative;          // the lines between the statement and "=> verdict"
    size_t n_narrative;
} Claim;

typedef struct {
    char name[128];            // ch05_rotation_check
    char *caption;
    char claim[16];            // where it is placed ("" = at the end)
    int number;                // Figure N.number
} Figure;

typedef struct {
    char name[8];              // ch05
    int number;
    char *title, *summary;
    Claim claims[MAX_CLAIMS];
    size_t n_claims;
    bool have_claims;
    Figure figures[MAX_FIGURES];
    size_t n_figures;
    char *files[MAX_FILES];
    size_t n_files;
    Exercise exercises[EXERCISES_MAX];   // EXERCISES/chNN.tsv (common/exercises.h)
    int n_exercises;
    char *output;              // output.txt's text (the narrative lines point into it)
    char **out_lines;
} ChapterPage;

static ChapterPage g_ch[MAX_CHAPTERS];
static size_t g_n_ch;

static struct {
    char name[128], claim[16];
} g_map[MAX_MAPPED];
static size_t g_n_map;

// claims.tsv's columns by the names in its header row (common/claims_tsv.h); a
// file without one of them stops the pages with one line, and one with more
// rows than a chapter can have is reported, never cut silently.
static void read_claims(ChapterPage *c, const char *dir) {
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/claims.tsv", dir);
    char *text = read_file(path);
    if (!text) return;
    c->have_claims = true;
    char **lines;
    size_t n = split_lines(text, &lines);
    if (n == 0) return;
    char *header[2 * CLAIMS_TSV_N];
    size_t nh = tsv_split(lines[0], header, 2 * CLAIMS_TSV_N), col[CLAIMS_TSV_N];
    const char *missing = NULL;
    if (!claims_tsv_columns(header, nh, col, &missing)) {
        fprintf(stderr, "%s: %s: no column '%s'\n", PROGRAM, path, missing);
        exit(EXIT_BAD_INPUT);
    }
    for (size_t i = 1; i < n; i++) {
        if (!lines[i][0]) continue;
        if (c->n_claims == MAX_CLAIMS) {
            fprintf(stderr, "%s: %s: more than %d claims\n", PROGRAM, path, MAX_CLAIMS);
            exit(EXIT_BAD_INPUT);
        }
        char *f[2 * CLAIMS_TSV_N];
        size_t nf = tsv_split(lines[i], f, 2 * CLAIMS_TSV_N);
        bool complete = true;
        for (size_t k = 0; k < CLAIMS_TSV_N; k++) complete = complete && col[k] < nf;
        if (!complete) continue;
        Claim *cl = &c->claims[c->n_claims++];
#define CELL(name) xstrdup(f[col[CLAIMS_TSV_##name]])
        cl->id = CELL(id);
        cl->source = CELL(source);
        cl->verdict = CELL(verdict);
        cl->expected = CELL(expected_verdict);
        cl->measured = CELL(measured);
        cl->document = CELL(document);
        cl->tolerance = CELL(tolerance);
        cl->key = CELL(key);
        cl->statement = CELL(statement);
        cl->finding = CELL(finding);
#undef CELL
    }
    free(lines);
    free(text);
}

// output.txt: attach each claim's narrative lines to it.
static void read_narrative(ChapterPage *c, const char *dir) {
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/output.txt", dir);
    c->output = read_file(path);
    if (!c->output) return;
    char **lines;
    size_t n = split_lines(c->output, &lines);
    c->out_lines = lines;
    for (size_t i = 0; i < n; i++) {
        if (!starts_with(lines[i], "---- claim ")) continue;
        char id[16] = "";
        sscanf(lines[i] + 11, "%15s", id);
        Claim *cl = NULL;
        for (size_t k = 0; k < c->n_claims; k++)
            if (strcmp(c->claims[k].id, id) == 0) cl = &c->claims[k];
        if (!cl) continue;
        size_t j = i + 1;
        if (j < n && strcmp(lines[j], cl->statement) == 0) j++;   // the statement is shown from claims.tsv
        size_t start = j;
        while (j < n && !starts_with(lines[j], "=> verdict") && !starts_with(lines[j], "---- claim ")) j++;
        cl->narrative = lines + start;
        cl->n_narrative = j - start;
        i = j;
    }
}

static void read_chapter_files(ChapterPage *c, const char *dir) {
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/MANIFEST", dir);
    char *text = read_file(path);
    if (!text) return;
    char **lines;
    size_t n = split_lines(text, &lines);
    for (size_t i = 0; i < n && c->n_files < MAX_FILES; i++) {
        if (!lines[i][0] || lines[i][0] == '#' || strchr(lines[i], '/')) continue;
        c->files[c->n_files++] = xstrdup(lines[i]);
    }
    free(lines);
    free(text);
}

static char *caption_of(const char *plots, const char *name) {
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/%s.gp", plots, name);
    char *text = read_file(path);
    if (!text) return xstrdup("");
    char *nl = strchr(text, '\n');
    if (nl) *nl = '\0';
    const char *cap = starts_with(text, "# Figure:") ? text + 9 : "";
    while (*cap == ' ') cap++;
    char *r = xstrdup(cap);
    free(text);
    return r;
}

static void read_figure_map(const char *assets) {
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/figure_claims.tsv", assets);
    char *text = read_file(path);
    if (!text) {
        fprintf(stderr, "%s: --assets %s: no figure_claims.tsv there\n", PROGRAM, assets);
        exit(EXIT_BAD_INPUT);
    }
    char **lines;
    size_t n = split_lines(text, &lines);
    for (size_t i = 0; i < n && g_n_map < MAX_MAPPED; i++) {
        if (!lines[i][0] || lines[i][0] == '#') continue;
        char *f[2];
        if (tsv_split(lines[i], f, 2) != 2) continue;
        snprintf(g_map[g_n_map].name, sizeof g_map[g_n_map].name, "%s", f[0]);
        snprintf(g_map[g_n_map].claim, sizeof g_map[g_n_map].claim, "%s", f[1]);
        g_n_map++;
    }
    free(lines);
    free(text);
}

static ChapterPage *chapter_named(const char *name) {
    for (size_t i = 0; i < g_n_ch; i++)
        if (strcmp(g_ch[i].name, name) == 0) return &g_ch[i];
    return NULL;
}

// The run: chapters and figures from the driver's MANIFEST, in its order.
static void read_run(const char *plots) {
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/MANIFEST", g_out);
    char *text = read_file(path);
    if (!text) {
        fprintf(stderr, "%s: --out %s: no MANIFEST there (run the workbook first: ./workbook)\n", PROGRAM, g_out);
        exit(EXIT_BAD_INPUT);
    }
    char **lines;
    size_t n = split_lines(text, &lines);
    for (size_t pass = 0; pass < 2; pass++)          // chapters first, then their figures
    for (size_t i = 0; i < n; i++) {
        char *l = lines[i];
        if (pass == 0 && strlen(l) == 15 && strcmp(l + 4, "/output.txt") == 0 && g_n_ch < MAX_CHAPTERS) {
            char name[8];
            memcpy(name, l, 4);
            name[4] = '\0';
            if (!is_chapter_name(name) || chapter_named(name)) continue;
            ChapterPage *c = &g_ch[g_n_ch++];
            snprintf(c->name, sizeof c->name, "%s", name);
            c->number = atoi(name + 2);
            char dir[PATH_LEN];
            snprintf(dir, sizeof dir, "%s/%s", g_out, name);
            char cpath[PATH_LEN + 16];
            snprintf(cpath, sizeof cpath, "%s/chapter.txt", dir);
            char *ct = read_file(cpath);
            if (ct) {
                char *nl = strchr(ct, '\n');
                if (nl) *nl = '\0';
                c->title = xstrdup(ct);
                c->summary = xstrdup(nl ? nl + 1 : "");
                free(ct);
            } else {
                c->title = xstrdup("(no chapter.txt from this run)");
                c->summary = xstrdup("");
            }
            read_claims(c, dir);
            read_narrative(c, dir);
            read_chapter_files(c, dir);
            if (g_exercises[0]) {
                char why[512];
                c->n_exercises = exercises_read(g_exercises, name, c->exercises, why, sizeof why);
                if (c->n_exercises < 0) {
                    fprintf(stderr, "%s: %s\n", PROGRAM, why);
                    exit(EXIT_BAD_INPUT);
                }
            }
        } else if (pass == 1 && starts_with(l, "figures/") && strlen(l) > 12 && strcmp(l + strlen(l) - 4, ".svg") == 0) {
            char name[128];
            size_t len = strlen(l) - 8 - 4;
            if (len >= sizeof name) continue;
            memcpy(name, l + 8, len);
            name[len] = '\0';
            char chname[8];
            snprintf(chname, sizeof chname, "%.4s", name);
            ChapterPage *c = chapter_named(chname);
            if (!c || c->n_figures == MAX_FIGURES) continue;
            Figure *f = &c->figures[c->n_figures++];
            snprintf(f->name, sizeof f->name, "%s", name);
            f->caption = caption_of(plots, name);
            for (size_t m = 0; m < g_n_map; m++)
                if (strcmp(g_map[m].name, name) == 0) snprintf(f->claim, sizeof f->claim, "%s", g_map[m].claim);
            bool known = false;
            for (size_t k = 0; k < c->n_claims; k++)
                if (strcmp(c->claims[k].id, f->claim) == 0) known = true;
            if (!known) f->claim[0] = '\0';
        }
    }
    free(lines);
    free(text);
}

// ---- pieces of a page ------------------------------------------------------------

static const char *verdict_class(const char *v) {
    if (strcmp(v, "holds") == 0) return "holds";
    if (strcmp(v, "partly holds") == 0) return "partly";
    if (strcmp(v, "erratum") == 0) return "erratum";
    if (strcmp(v, "does not hold") == 0) return "nothold";
    return "other";
}

static void badge(Buf *b, const char *verdict) {
    buf_printf(b, "<span class=\"badge v-%s\">", verdict_class(verdict));
    md_puts(b, verdict[0] ? verdict : "not run");
    buf_puts(b, "</span>");
}

static void anchor_id(Buf *b, const char *prefix, const char *id) {
    buf_puts(b, prefix);
    for (; *id; id++) {
        char c = isalnum((unsigned char)*id) ? *id : '-';
        buf_add(b, &c, 1);
    }
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

static void page_head(Buf *h, const char *title) {
    buf_puts(h, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    html_puts(h, title);
    buf_puts(h, "</title>\n");
    if (g_katex) buf_puts(h, "<link rel=\"stylesheet\" href=\"assets/katex/katex.min.css\">\n");
    buf_puts(h, "<link rel=\"stylesheet\" href=\"assets/workbook.css\">\n");
    if (g_katex) buf_puts(h, "<script defer src=\"assets/katex/katex.min.js\"></script>\n");
    buf_puts(h, "<script defer src=\"assets/render.js\"></script>\n</head>\n<body>\n<main>\n");
}

static void page_tail(Buf *h) { buf_puts(h, "</main>\n</body>\n</html>\n"); }

static void add_markdown(Buf *h, const Buf *md) {
    char *html = cmark_markdown_to_html(md->s ? md->s : "", md->n, CMARK_OPT_UNSAFE);
    if (!html) exit(EXIT_NO_RESOURCES);
    buf_puts(h, html);
    free(html);
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
    buf_puts(md, "[Contents](index.html)");
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

// The narrative: prose lines as paragraphs with formulas; lines laid out as a
// table or a matrix (indented, or with a run of two spaces) preformatted.
static bool layout_line(const char *l) {
    if (l[0] == ' ' || l[0] == '\t') return true;
    const char *p = l;
    while (*p == ' ') p++;
    return strstr(p, "  ") != NULL;
}

static void narrative(Buf *md, const Claim *cl) {
    size_t i = 0, n = cl->n_narrative;
    while (n > 0 && !cl->narrative[n - 1][0]) n--;
    while (i < n) {
        if (!cl->narrative[i][0]) {
            i++;
            continue;
        }
        size_t j = i;
        bool pre = layout_line(cl->narrative[i]);
        while (j < n && cl->narrative[j][0] && layout_line(cl->narrative[j]) == pre) j++;
        if (pre) {
            size_t fence = 3;                        // longer than any run of '~' in the block
            for (size_t k = i; k < j; k++) {
                size_t run = 0;
                for (const char *p = cl->narrative[k]; *p; p++) {
                    run = *p == '~' ? run + 1 : 0;
                    if (run + 1 > fence) fence = run + 1;
                }
            }
            for (size_t f = 0; f < fence; f++) buf_puts(md, "~");
            buf_puts(md, "\n");
            for (size_t k = i; k < j; k++) {
                buf_puts(md, cl->narrative[k]);
                buf_puts(md, "\n");
            }
            for (size_t f = 0; f < fence; f++) buf_puts(md, "~");
            buf_puts(md, "\n\n");
        } else {
            Buf para = {0};
            for (size_t k = i; k < j; k++) {
                if (k > i) buf_puts(&para, " ");
                buf_puts(&para, cl->narrative[k]);
            }
            md_math(md, para.s);
            buf_puts(md, "\n\n");
            free(para.s);
        }
        i = j;
    }
}

static void figure(Buf *md, const ChapterPage *c, const Figure *f) {
    char svg[PATH_LEN], png[PATH_LEN];
    snprintf(svg, sizeof svg, "figures/%s.svg", f->name);
    snprintf(png, sizeof png, "figures/%s.png", f->name);
    buf_puts(md, "<figure id=\"");
    anchor_id(md, "fig-", f->name);
    buf_puts(md, "\">\n\n[![");
    md_puts(md, f->caption);
    buf_puts(md, "](");
    md_dest(md, svg);
    buf_puts(md, ")](");
    md_dest(md, svg);
    buf_puts(md, ")\n\n<figcaption>\n\n");
    buf_printf(md, "**Figure %d.%d.** ", c->number, f->number);
    md_math(md, f->caption);
    buf_puts(md, " ([PNG](");
    md_dest(md, png);
    buf_puts(md, "); drawn by plots/");
    md_puts(md, f->name);
    buf_puts(md, "\\.gp)\n\n</figcaption>\n</figure>\n\n");
}

static void claim_section(Buf *md, ChapterPage *c, const Claim *cl) {
    buf_puts(md, "<section class=\"claim\" id=\"");
    anchor_id(md, "claim-", cl->id);
    buf_puts(md, "\">\n\n## ");
    buf_puts(md, "Claim ");
    md_puts(md, cl->id);
    buf_puts(md, " ");
    badge(md, cl->verdict);
    buf_puts(md, "\n\n<p class=\"source\">");
    html_puts(md, cl->source);
    buf_puts(md, "</p>\n\n<div class=\"statement\">\n\n");
    md_math(md, cl->statement);
    buf_puts(md, "\n\n</div>\n\n");
    narrative(md, cl);
    for (size_t k = 0; k < c->n_figures; k++)
        if (strcmp(c->figures[k].claim, cl->id) == 0) figure(md, c, &c->figures[k]);
    buf_printf(md, "<div class=\"verdict v-%s\">\n\n", verdict_class(cl->verdict));
    buf_puts(md, "**Verdict:** ");
    badge(md, cl->verdict);
    if (strcmp(cl->verdict, cl->expected) != 0) {
        buf_puts(md, " (the workbook expects ");
        md_puts(md, cl->expected);
        buf_puts(md, ")");
    }
    buf_puts(md, "\n\n");
    md_math(md, cl->finding);
    buf_puts(md, "\n\n<dl class=\"numbers\">\n\n");
    buf_puts(md, "<dt>");
    html_puts(md, cl->key);
    buf_puts(md, "</dt>\n\n");
    if (strcmp(cl->verdict, "erratum") == 0 && has_value(cl->document)) {
        buf_puts(md, "<dd>computed <b>");
        html_puts(md, cl->measured);
        buf_puts(md, "</b>, the document's value <b>");
        html_puts(md, cl->document);
        buf_puts(md, "</b>");
    } else {
        buf_puts(md, "<dd>measured <b>");
        html_puts(md, cl->measured);
        buf_puts(md, "</b>");
        if (has_value(cl->document)) {
            buf_puts(md, ", document or expected value ");
            html_puts(md, cl->document);
        }
    }
    if (has_value(cl->tolerance)) {
        buf_puts(md, ", tolerance ");
        html_puts(md, cl->tolerance);
    }
    buf_puts(md, "</dd>\n</dl>\n\n</div>\n\n</section>\n\n");
}

// The chapter's exercises (EXERCISES/chNN.tsv, read by common/exercises.c):
// each with its question, the command that answers it and the answer folded.
// None: no section.
static void exercises(Buf *md, const ChapterPage *c) {
    if (c->n_exercises <= 0) return;
    buf_puts(md, "<section class=\"exercises\" id=\"exercises\">\n\n## Exercises\n\n");
    for (int k = 0; k < c->n_exercises; k++) {
        const Exercise *e = &c->exercises[k];
        buf_puts(md, "<div class=\"exercise\" id=\"");
        anchor_id(md, "exercise-", e->id);
        buf_puts(md, "\">\n\n**Exercise ");
        md_puts(md, e->id);
        buf_puts(md, ".** ");
        md_math(md, e->question);
        buf_puts(md, "\n\n");
        buf_puts(md, "Run: <code>./workbook ");
        html_puts(md, c->name);
        if (e->options[0]) {
            buf_puts(md, " ");
            html_puts(md, e->options);
        }
        buf_puts(md, "</code>\n\n<details>\n<summary>Answer</summary>\n\n");
        md_math(md, e->answer);
        buf_puts(md, "\n\n</details>\n</div>\n\n");
    }
    buf_puts(md, "</section>\n\n");
}

static void counts_line(Buf *md, const ChapterPage *c) {
    static const char *const KINDS[] = {"holds", "partly holds", "erratum", "does not hold"};
    buf_printf(md, "%zu claims: ", c->n_claims);
    bool any = false;
    for (size_t k = 0; k < 4; k++) {
        size_t count = 0;
        for (size_t i = 0; i < c->n_claims; i++)
            if (strcmp(c->claims[i].verdict, KINDS[k]) == 0) count++;
        if (!count) continue;
        if (any) buf_puts(md, " ");
        buf_printf(md, "<span class=\"badge v-%s\">%zu ", verdict_class(KINDS[k]), count);
        md_puts(md, KINDS[k]);
        buf_puts(md, "</span>");
        any = true;
    }
    size_t other = 0, off = 0;
    for (size_t i = 0; i < c->n_claims; i++) {
        const Claim *cl = &c->claims[i];
        bool known = false;
        for (size_t k = 0; k < 4; k++) known = known || strcmp(cl->verdict, KINDS[k]) == 0;
        if (!known) other++;
        if (strcmp(cl->verdict, cl->expected) != 0) off++;
    }
    if (other) buf_printf(md, " <span class=\"badge v-other\">%zu not run</span>", other);
    if (off) buf_printf(md, " (%zu not the verdict the workbook expects)", off);
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
    buf_printf(&md, "# Chapter %d: ", c->number);
    md_math(&md, c->title);
    buf_puts(&md, "\n\n<div class=\"summary\">\n\n");
    md_math(&md, c->summary);
    buf_puts(&md, "\n\n</div>\n\n");
    if (!c->have_claims) buf_puts(&md, "*No claims from this run.*\n\n");
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
            badge(&md, cl->verdict);
            buf_puts(&md, " ");
            md_math(&md, cl->statement);
            buf_puts(&md, "\n");
        }
        buf_puts(&md, "\n</nav>\n\n");
    }
    for (size_t k = 0; k < c->n_claims; k++) claim_section(&md, c, &c->claims[k]);
    bool unplaced = false;
    for (size_t f = 0; f < c->n_figures; f++) unplaced = unplaced || !c->figures[f].claim[0];
    if (unplaced) {
        buf_puts(&md, "## More figures\n\n");
        for (size_t f = 0; f < c->n_figures; f++)
            if (!c->figures[f].claim[0]) figure(&md, c, &c->figures[f]);
    }
    exercises(&md, c);
    buf_puts(&md, "<section class=\"files\">\n\n## The chapter's files\n\n");
    buf_puts(&md, "Written by this run into ");
    char folder[16];
    snprintf(folder, sizeof folder, "%s/", c->name);
    buf_puts(&md, "[");
    md_puts(&md, folder);
    buf_puts(&md, "](");
    md_dest(&md, folder);
    buf_puts(&md, "), as its MANIFEST lists them, with the narrative ");
    char out_rel[32];
    snprintf(out_rel, sizeof out_rel, "%s/output.txt", c->name);
    buf_puts(&md, "[output\\.txt](");
    md_dest(&md, out_rel);
    buf_puts(&md, "):\n\n");
    for (size_t f = 0; f < c->n_files; f++) {
        char rel[PATH_LEN];
        snprintf(rel, sizeof rel, "%s/%s", c->name, c->files[f]);
        buf_puts(&md, "- [");
        md_puts(&md, c->files[f]);
        buf_puts(&md, "](");
        md_dest(&md, rel);
        buf_puts(&md, ")\n");
    }
    buf_puts(&md, "\n</section>\n\n");
    nav(&md, i);

    Buf h = {0};
    char title[512];
    snprintf(title, sizeof title, "Chapter %d: %s", c->number, c->title);
    page_head(&h, title);
    add_markdown(&h, &md);
    page_tail(&h);
    char rel[16];
    snprintf(rel, sizeof rel, "%s.html", c->name);
    write_out(rel, h.s, h.n);
    free(md.s);
    free(h.s);
}

static void write_index(void) {
    Buf md = {0};
    buf_puts(&md, "# The workbook: how a Transformer knows word order\n\n");
    buf_puts(&md, "<div class=\"summary\">\n\nEach chapter takes what the course documents claim, computes the "
                  "evidence and gives a verdict computed from the numbers. This run's pages, chapter by chapter; "
                  "the same results as [REPORT\\.md](REPORT.md).\n\n</div>\n\n");
    for (size_t i = 0; i < g_n_ch; i++) {
        const ChapterPage *c = &g_ch[i];
        char href[16];
        snprintf(href, sizeof href, "%s.html", c->name);
        buf_puts(&md, "<section class=\"toc-entry\">\n\n");
        buf_printf(&md, "## [Chapter %d: ", c->number);
        md_puts(&md, c->title);
        buf_puts(&md, "](");
        md_dest(&md, href);
        buf_puts(&md, ")\n\n");
        if (!c->have_claims) buf_puts(&md, "*No claims from this run.*\n\n");
        else {
            counts_line(&md, c);
            buf_puts(&md, "\n\n");
        }
        bool any = false;
        for (size_t k = 0; k < c->n_claims; k++) {
            const Claim *cl = &c->claims[k];
            if (!notes_erratum(cl)) continue;
            if (!any) buf_puts(&md, "<div class=\"errata\">\n\nErrata:\n\n");
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
            badge(&md, cl->verdict);
            buf_puts(&md, " ");
            md_math(&md, cl->statement);
            if (strcmp(cl->verdict, "erratum") == 0 && has_value(cl->document)) {
                buf_puts(&md, " <span class=\"values\">(document ");
                html_puts(&md, cl->document);
                buf_puts(&md, ", computed ");
                html_puts(&md, cl->measured);
                buf_puts(&md, ": ");
                html_puts(&md, cl->key);
                buf_puts(&md, ")</span>");
            }
            buf_puts(&md, "\n");
        }
        if (any) buf_puts(&md, "\n</div>\n\n");
        buf_puts(&md, "</section>\n\n");
    }
    Buf h = {0};
    page_head(&h, "pe-workbook: contents");
    add_markdown(&h, &md);
    page_tail(&h);
    write_out("index.html", h.s, h.n);
    free(md.s);
    free(h.s);
}

// ---- assets ----------------------------------------------------------------------------

static void copy_assets(const char *assets, const char *katex) {
    make_dir("assets");
    static const char *const OWN[] = {"workbook.css", "render.js"};
    for (size_t i = 0; i < 2; i++) {
        char from[PATH_LEN], rel[64];
        snprintf(from, sizeof from, "%s/%s", assets, OWN[i]);
        snprintf(rel, sizeof rel, "assets/%s", OWN[i]);
        if (!copy_asset(from, rel)) {
            fprintf(stderr, "%s: --assets %s: cannot read %s\n", PROGRAM, assets, OWN[i]);
            exit(EXIT_BAD_INPUT);
        }
    }
    if (!katex) return;
    make_dir("assets/katex");
    make_dir("assets/katex/fonts");
    static const char *const KATEX[] = {"katex.min.js", "katex.min.css"};
    for (size_t i = 0; i < 2; i++) {
        char from[PATH_LEN], rel[64];
        snprintf(from, sizeof from, "%s/%s", katex, KATEX[i]);
        snprintf(rel, sizeof rel, "assets/katex/%s", KATEX[i]);
        if (!copy_asset(from, rel)) {
            fprintf(stderr, "%s: --katex %s: cannot read %s\n", PROGRAM, katex, KATEX[i]);
            exit(EXIT_BAD_INPUT);
        }
    }
    // The fonts katex.min.css names (woff2 first, then woff and ttf): all of them.
    char fonts[PATH_LEN];
    snprintf(fonts, sizeof fonts, "%s/fonts", katex);
    char css_path[PATH_LEN];
    snprintf(css_path, sizeof css_path, "%s/katex.min.css", katex);
    char *css = read_file(css_path);
    for (const char *p = css ? css : ""; (p = strstr(p, "fonts/")) != NULL;) {
        p += 6;
        size_t len = strcspn(p, ")\"' ?#");
        char name[128];
        if (len == 0 || len >= sizeof name) continue;
        memcpy(name, p, len);
        name[len] = '\0';
        if (strchr(name, '/')) continue;
        char from[PATH_LEN + 128], rel[192];
        snprintf(from, sizeof from, "%s/%s", fonts, name);
        snprintf(rel, sizeof rel, "assets/katex/fonts/%s", name);
        char dst[PATH_LEN + 192];
        snprintf(dst, sizeof dst, "%s/%s", g_out, rel);
        struct stat st;
        if (stat(dst, &st) == 0) continue;           // named twice in the CSS
        if (!copy_asset(from, rel)) fprintf(stderr, "%s: warning: KaTeX font %s missing\n", PROGRAM, from);
    }
    free(css);
}

// ---- main ------------------------------------------------------------------------------

static void usage(FILE *fp) {
    fprintf(fp, "usage: %s --out DIR --plots DIR --assets DIR [--katex DIR] [--exercises DIR]\n"
                "  Writes DIR/index.html and DIR/chNN.html from the workbook run in --out.\n"
                "  --plots   the plots/ folder (figure captions)\n"
                "  --assets  tools/pages (style sheet, render script, figure_claims.tsv)\n"
                "  --katex   KaTeX (katex.min.js, katex.min.css, fonts/), e.g. /usr/share/javascript/katex;\n"
                "            without it formulas stay ASCII\n"
                "  --exercises  the exercises (chNN.tsv); default: the folder exercises next to --plots\n",
            PROGRAM);
}

int main(int argc, char **argv) {
    const char *out = NULL, *plots = NULL, *assets = NULL, *katex = NULL, *exercises_dir = NULL;
    for (int i = 1; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--out") == 0) slot = &out;
        else if (strcmp(argv[i], "--plots") == 0) slot = &plots;
        else if (strcmp(argv[i], "--assets") == 0) slot = &assets;
        else if (strcmp(argv[i], "--katex") == 0) slot = &katex;
        else if (strcmp(argv[i], "--exercises") == 0) slot = &exercises_dir;
        if (!slot || i + 1 >= argc || *slot) {
            fprintf(stderr, "%s: %s: %s (see --help)\n", PROGRAM, argv[i],
                    !slot ? "unknown option" : *slot ? "given twice" : "needs a value");
            return EXIT_BAD_INPUT;
        }
        *slot = argv[++i];
        if (strlen(*slot) == 0 || strlen(*slot) > 2048) {
            fprintf(stderr, "%s: %s: a path of 1 to 2048 characters\n", PROGRAM, argv[i - 1]);
            return EXIT_BAD_INPUT;
        }
    }
    if (!out || !plots || !assets) {
        fprintf(stderr, "%s: --out, --plots and --assets are required (see --help)\n", PROGRAM);
        return EXIT_BAD_INPUT;
    }
    struct stat st;
    const char *dirs[] = {out, plots, assets, katex, exercises_dir};
    const char *names[] = {"--out", "--plots", "--assets", "--katex", "--exercises"};
    for (size_t i = 0; i < 5; i++) {
        if (dirs[i] && (stat(dirs[i], &st) != 0 || !S_ISDIR(st.st_mode))) {
            fprintf(stderr, "%s: %s %s: not a folder\n", PROGRAM, names[i], dirs[i]);
            return EXIT_BAD_INPUT;
        }
    }
    snprintf(g_out, sizeof g_out, "%s", out);
    g_katex = katex != NULL;
    if (exercises_dir) {
        snprintf(g_exercises, sizeof g_exercises, "%s", exercises_dir);
    } else {                                          // as the driver: "exercises" next to --plots
        char guess[PATH_LEN];
        snprintf(guess, sizeof guess, "%s/../exercises", plots);
        if (stat(guess, &st) == 0 && S_ISDIR(st.st_mode)) snprintf(g_exercises, sizeof g_exercises, "%s", guess);
    }
    read_figure_map(assets);
    read_run(plots);
    manifest_start();
    copy_assets(assets, katex);
    for (size_t i = 0; i < g_n_ch; i++) write_chapter(i);
    write_index();
    if (fclose(g_manifest) != 0) write_failed("PAGES_MANIFEST");
    printf("Pages: %s/index.html (%zu chapter%s)\n", out, g_n_ch, g_n_ch == 1 ? "" : "s");
    return 0;
}
