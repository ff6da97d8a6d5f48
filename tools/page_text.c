// page_text.c: see page_text.h.
#include "page_text.h"

#include "base/exitcodes.h"
#include "run/lesson.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/faults.h"



// Markdown text: every ASCII punctuation character backslash-escaped
// (CommonMark allows that for all of them), line breaks as spaces.
void md_text(Buf *b, const char *s, size_t n) {
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

void md_puts(Buf *b, const char *s) { md_text(b, s, strlen(s)); }

// HTML text or attribute value.
void html_text(Buf *b, const char *s, size_t n) {
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

void html_puts(Buf *b, const char *s) { html_text(b, s, strlen(s)); }

// A Markdown link destination in <...>: only <, > and \ need escaping.
void md_dest(Buf *b, const char *s) {
    buf_puts(b, "<");
    for (; *s; s++) {
        if (*s == '<' || *s == '>' || *s == '\\') buf_add(b, "\\", 1);
        buf_add(b, s, 1);
    }
    buf_puts(b, ">");
}


void anchor_id(Buf *b, const char *prefix, const char *id) {
    buf_puts(b, prefix);
    for (; *id; id++) {
        char c = isalnum((unsigned char)*id) ? *id : '-';
        buf_add(b, &c, 1);
    }
}

// Closing punctuation: never the first character of a line.
static const char *const CLOSING_PUNCTUATION[] = {"，", "。", "、", "：", "；", "！", "？", "」", "』", "）", "》", "〉", "”", "’"};

// The bytes of the closing punctuation s starts with (0: none).
static size_t closing_punctuation(const char *s) {
    for (size_t k = 0; k < sizeof CLOSING_PUNCTUATION / sizeof *CLOSING_PUNCTUATION; k++)
        if (strncmp(s, CLOSING_PUNCTUATION[k], strlen(CLOSING_PUNCTUATION[k])) == 0) return strlen(CLOSING_PUNCTUATION[k]);
    return 0;
}

// A formula's KaTeX span: its TeX in data-tex, shown as plain text until
// KaTeX renders it. 'markdown': the plain text escaped for Markdown (else HTML).
static void tex_span(Buf *b, const char *p, size_t m, bool markdown) {
    size_t fence = p[1] == '$' ? 2 : 1;
    char *tex = malloc(m + 1);
    if (tex == NULL) exit(EXIT_NO_RESOURCES);
    memcpy(tex, p + fence, m - 2 * fence);
    tex[m - 2 * fence] = '\0';
    for (char *t = tex; *t; t++)   // a formula over several lines is one line of TeX
        if (*t == '\n' || *t == '\r') *t = ' ';
    char *dollars = malloc(m + 3);
    if (dollars == NULL) exit(EXIT_NO_RESOURCES);
    snprintf(dollars, m + 3, "$%s$", tex);
    char *plain = lesson_plain(dollars, 100000);
    size_t n = strlen(plain);
    while (n && plain[n - 1] == '\n') plain[--n] = '\0';
    buf_puts(b, fence == 2 ? "<span class=\"tex tex-display\" data-tex=\"" : "<span class=\"tex\" data-tex=\"");
    html_puts(b, tex);
    buf_puts(b, "\">");
    if (markdown) md_puts(b, plain);
    else html_puts(b, plain);
    buf_puts(b, "</span>");
    free(plain);
    free(dollars);
    free(tex);
}

void html_cell(Buf *b, const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        size_t m = lesson_math_length(s + i);
        if (m && i + m <= n) {
            size_t after = closing_punctuation(s + i + m);
            if (i + m + after > n) after = 0;
            if (after) buf_puts(b, "<span class=\"nobr\">");
            tex_span(b, s + i, m, false);
            if (after) {
                buf_add(b, s + i + m, after);
                buf_puts(b, "</span>");
            }
            i += m + after;
        } else if (s[i] == '\\' && i + 1 < n && ispunct((unsigned char)s[i + 1])) {
            html_text(b, s + i + 1, 1);
            i += 2;
        } else {
            html_text(b, s + i, 1);
            i++;
        }
    }
}

// A pipe table starting at p (its header line, then the alignment row) as an
// HTML table (CommonMark, as libcmark reads it, has no tables). Returns where
// the table ends (after its last row's line).
static const char *html_table(Buf *b, const char *p) {
    enum { MAX_COLUMNS = 16 };
    bool right[MAX_COLUMNS] = {0};
    const char *cells[MAX_COLUMNS];
    size_t lengths[MAX_COLUMNS];
    size_t header = strcspn(p, "\n");
    const char *align = p + header + 1;
    size_t align_n = strcspn(align, "\n");
    size_t n_align = lesson_table_cells(align, align_n, cells, lengths, MAX_COLUMNS);
    for (size_t c = 0; c < n_align; c++) right[c] = lengths[c] && cells[c][lengths[c] - 1] == ':';
    buf_puts(b, "<div class=\"table-box\"><table class=\"evidence-table\">\n<thead><tr>");
    size_t count = lesson_table_cells(p, header, cells, lengths, MAX_COLUMNS);
    char *labels[MAX_COLUMNS] = {0};   // each column's header as plain text: its cells' data-label
    for (size_t c = 0; c < count; c++) {
        buf_puts(b, right[c] ? "<th class=\"num\">" : "<th>");
        html_cell(b, cells[c], lengths[c]);
        buf_puts(b, "</th>");
        char *cell = strndup(cells[c], lengths[c]);
        labels[c] = lesson_plain(cell, 1 << 20);
        free(cell);
        size_t n = strlen(labels[c]);
        while (n && labels[c][n - 1] == '\n') labels[c][--n] = '\0';
    }
    buf_puts(b, "</tr></thead>\n<tbody>\n");
    const char *line = align + align_n + (align[align_n] == '\n');
    while (*line == '|') {
        size_t n = strcspn(line, "\n");
        count = lesson_table_cells(line, n, cells, lengths, MAX_COLUMNS);
        buf_puts(b, "<tr>");
        for (size_t c = 0; c < count; c++) {
            buf_puts(b, right[c] ? "<td class=\"num\"" : "<td");
            if (c < MAX_COLUMNS && labels[c]) {
                buf_puts(b, " data-label=\"");
                html_puts(b, labels[c]);
                buf_puts(b, "\"");
            }
            buf_puts(b, ">");
            html_cell(b, cells[c], lengths[c]);
            buf_puts(b, "</td>");
        }
        buf_puts(b, "</tr>\n");
        line += n + (line[n] == '\n');
    }
    buf_puts(b, "</tbody>\n</table></div>\n");
    for (size_t c = 0; c < MAX_COLUMNS; c++) free(labels[c]);
    return line;
}

// The length of the code span starting at s ("`...`", "``...``"), 0 if none.
static size_t code_span_length(const char *s) {
    size_t fence = strspn(s, "`");
    if (fence == 0) return 0;
    for (const char *q = strchr(s + fence, '`'); q; q = strchr(q + strspn(q, "`"), '`'))
        if (strspn(q, "`") == fence) return (size_t)(q - s) + fence;
    return 0;
}

void md_lesson(Buf *b, const char *markdown) {
    for (const char *p = markdown; *p;) {
        if (*p == '|' && (p == markdown || p[-1] == '\n')) {
            size_t header = strcspn(p, "\n");
            if (p[header] == '\n' && lesson_table_delimiter(p + header + 1, strcspn(p + header + 1, "\n"))) {
                p = html_table(b, p);
                continue;
            }
        }
        if (p[0] == '\\' && p[1]) {   // an escaped character (\$ is a dollar): kept as it is
            buf_add(b, p, 2);
            p += 2;
            continue;
        }
        // A formula or a code span, then closing punctuation: kept together on
        // one line (a formula is an atomic box: a line may break after it).
        size_t code = code_span_length(p), m = code ? 0 : lesson_math_length(p);
        if (m == 0 && code == 0) {
            buf_add(b, p, 1);
            p++;
            continue;
        }
        size_t n = code ? code : m, after = closing_punctuation(p + n);
        if (after) buf_puts(b, "<span class=\"nobr\">");
        if (code) buf_add(b, p, code);
        else tex_span(b, p, m, true);
        if (after) {
            buf_add(b, p + n, after);
            buf_puts(b, "</span>");
        }
        p += n + after;
    }
}

// The character of a field's first line that would start a block (a heading,
// a quote, a list item, a rule, a fence), or NULL: escaped, it is text.
const char *md_block_marker(const char *s) {
    if (*s == '#' || *s == '>') return s;
    if ((*s == '-' || *s == '+' || *s == '*') && (s[1] == ' ' || s[1] == '\0')) return s;
    if ((*s == '-' || *s == '*' || *s == '_') && s[strspn(s, s[0] == '-' ? "- " : s[0] == '*' ? "* " : "_ ")] == '\0')
        return s;
    if (strncmp(s, "```", 3) == 0 || strncmp(s, "~~~", 3) == 0) return s;
    size_t digits = strspn(s, "0123456789");
    if (digits > 0 && digits < 10 && (s[digits] == '.' || s[digits] == ')') &&
        (s[digits + 1] == ' ' || s[digits + 1] == '\0'))
        return s + digits;
    return NULL;
}

void md_tex(Buf *b, const char *markdown) {
    const char *p = markdown;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;   // (four spaces would start code)
    const char *marker = md_block_marker(p);
    Buf safe = {0};
    buf_add(&safe, "", 0);
    while (*p) {
        size_t m = lesson_math_length(p);
        if (m) {                                   // maths: TeX, made a span by md_lesson
            buf_add(&safe, p, m);
            p += m;
        } else if (p[0] == '\\' && p[1]) {       // an escaped character stays escaped
            buf_add(&safe, p, 2);
            p += 2;
        } else {
            if (p == marker || *p == '<' || *p == '&') buf_add(&safe, "\\", 1);
            buf_add(&safe, *p == '\n' || *p == '\r' || *p == '\t' ? " " : p, 1);
            p++;
        }
    }
    md_lesson(b, safe.s);
    free(safe.s);
}

char *plain_tex(const char *markdown) {
    char *plain = lesson_plain(markdown, 1000000);
    for (char *t = plain; *t; t++)
        if (*t == '\n') *t = ' ';
    size_t n = strlen(plain);
    while (n && plain[n - 1] == ' ') plain[--n] = '\0';
    return plain;
}

void md_code(Buf *b, const char *s) {
    size_t longest = 0, run = 0;
    for (const char *p = s; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest) longest = run;
    }
    for (size_t i = 0; i <= longest; i++) buf_add(b, "`", 1);
    bool pad = s[0] == '`' || s[0] == ' ' || (s[0] && (s[strlen(s) - 1] == '`' || s[strlen(s) - 1] == ' '));
    if (pad) buf_add(b, " ", 1);
    for (const char *p = s; *p; p++) buf_add(b, *p == '\n' || *p == '\r' ? " " : p, 1);
    if (pad) buf_add(b, " ", 1);
    for (size_t i = 0; i <= longest; i++) buf_add(b, "`", 1);
}


char *html_finished(const char *html) {
    Buf out = {0};
    for (const char *p = html; *p;) {
        if (strncmp(p, "<code>--", 8) == 0) {   // an option name, with its argument, on one line
            buf_puts(&out, "<code class=\"option\">");
            p += 6;
            continue;
        }
        // A link or a code span, then closing punctuation: the two wrapped in
        // a span kept on one line (a line may break after an element's end,
        // even before a word joiner).
        const char *closing = strncmp(p, "</a>", 4) == 0 ? "<a " : strncmp(p, "</code>", 7) == 0 ? "<code" : NULL;
        size_t end_tag = closing ? strchr(p, '>') + 1 - p : 0, after = closing ? closing_punctuation(p + end_tag) : 0;
        char *start = NULL;
        for (char *q = out.s ? out.s + out.n : NULL; after && q && q > out.s;)
            if (strncmp(--q, closing, strlen(closing)) == 0) {
                start = q;
                break;
            }
        if (start) {
            size_t at = (size_t)(start - out.s);
            const char *open = "<span class=\"nobr\">";
            buf_puts(&out, open);   // (room for it), then the element moved after it
            memmove(out.s + at + strlen(open), out.s + at, out.n - at - strlen(open));
            memcpy(out.s + at, open, strlen(open));
            buf_add(&out, p, end_tag + after);
            buf_puts(&out, "</span>");
            p += end_tag + after;
            continue;
        }
        buf_add(&out, p, 1);
        p++;
    }
    return out.s ? buf_take(&out) : strdup("");
}
