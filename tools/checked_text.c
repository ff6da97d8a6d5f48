// checked_text.c: stage 1 of the language share (tools/language_share.c's
// header gives the rules): the text of a Chinese output to check, by mode,
// with what is not prose taken out (checked_text.h). Its own file: reading
// Markdown, HTML and SVG is a mechanism of its own, apart from words and runs.
#include "checked_text.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each writer copies the input into 'out' with what is not prose replaced by
// NEUTRAL or BREAK, keeping every newline (so a line number is the input's).

static void put(Buf *out, char c) { buf_add(out, &c, 1); }

// Newlines of in[from, to), so what is taken out keeps the lines.
static void put_newlines(Buf *out, const char *from, const char *to) {
    for (const char *p = from; p < to; p++)
        if (*p == '\n') put(out, '\n');
}

// A `code` span at p (a run of n backticks closed by a run of exactly n on
// the same line): its end, or NULL.
static const char *code_span_end(const char *p) {
    size_t n = 0;
    while (p[n] == '`') n++;
    for (const char *q = p + n; *q && *q != '\n';) {
        if (*q != '`') {
            q++;
            continue;
        }
        size_t m = 0;
        while (q[m] == '`') m++;
        if (m == n) return q + m;
        q += m;
    }
    return NULL;
}

// At a backtick: a whole `code` span is one neutral mark; backticks that
// open no span are text. Returns where to go on.
static const char *code_span(Buf *out, const char *p, const char *end) {
    const char *e = code_span_end(p);
    if (e && e <= end) {
        put(out, NEUTRAL);
        return e;
    }
    while (p < end && *p == '`') put(out, *p++);
    return p;
}

// Plain text: `code` spans out.
static void text_line(Buf *out, const char *p, const char *end) {
    while (p < end) {
        if (*p == '`') {
            p = code_span(out, p, end);
            continue;
        }
        put(out, *p++);
    }
}

static bool is_ascii_punct(char c) {
    return c > 32 && c < 127 && !((c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'));
}

// Inline HTML elements: they do not end a run (HTML and SVG).
static bool inline_tag(const char *name) {
    static const char *const names[] = {"a", "abbr", "b", "bdi", "bdo", "cite", "dfn", "em", "i", "label", "mark",
                                        "q", "s", "small", "span", "strong", "sub", "sup", "time", "u", "var",
                                        "wbr", "tspan", NULL};
    for (size_t i = 0; names[i]; i++)
        if (strcmp(name, names[i]) == 0) return true;
    return false;
}

// Markdown, one line at a time outside blocks; 'state' carries the inline
// constructs that go on over lines ($$ maths, an HTML comment).
typedef struct {
    bool in_display_math, in_comment;
} InlineState;

static const char *markdown_inline(Buf *out, const char *p, const char *end, InlineState *st) {
    while (p < end) {
        if (st->in_comment) {
            const char *e = strstr(p, "-->");
            if (e == NULL || e >= end) return end;
            st->in_comment = false;
            put(out, BREAK);
            p = e + 3;
            continue;
        }
        if (st->in_display_math) {
            const char *e = strstr(p, "$$");
            if (e == NULL || e >= end) return end;
            st->in_display_math = false;
            put(out, NEUTRAL);
            p = e + 2;
            continue;
        }
        char c = *p;
        if (c == '`') {
            p = code_span(out, p, end);
            continue;
        }
        if (c == '$' && p + 1 < end && p[1] == '$') {
            st->in_display_math = true;
            p += 2;
            continue;
        }
        if (c == '$' && p + 1 < end && !is_space(p[1])) {
            // $...$: the closing '$' follows a non-space and no digit follows it (pandoc's rule)
            const char *e = p + 1;
            while (e < end && !(*e == '$' && !is_space(e[-1]) && !(e + 1 < end && e[1] >= '0' && e[1] <= '9')))
                e++;
            if (e < end) {
                put(out, NEUTRAL);
                p = e + 1;
                continue;
            }
        }
        if (c == '\\' && p + 1 < end && (p[1] == '(' || p[1] == '[')) {
            const char *close = p[1] == '(' ? "\\)" : "\\]";
            const char *e = strstr(p + 2, close);
            if (e && e < end) {
                put(out, NEUTRAL);
                p = e + 2;
                continue;
            }
        }
        if (c == '\\' && p + 1 < end && is_ascii_punct(p[1])) {   // an escape: the character itself
            put(out, p[1]);
            p += 2;
            continue;
        }
        if (c == '<' && p + 3 < end && strncmp(p, "<!--", 4) == 0) {
            st->in_comment = true;
            p += 4;
            continue;
        }
        if (c == '<' && p + 1 < end && (p[1] == '/' || ((p[1] | 32) >= 'a' && (p[1] | 32) <= 'z'))) {
            const char *e = memchr(p, '>', (size_t)(end - p));
            if (e) {   // a tag (or an autolink): out; an inline one leaves nothing
                char name[16] = "";
                const char *q = p + 1 + (p[1] == '/');
                size_t k = 0;
                while (q < e && k + 1 < sizeof name && ((*q | 32) >= 'a' && (*q | 32) <= 'z'))
                    name[k++] = (char)(*q++ | 32);
                name[k] = '\0';
                put(out, inline_tag(name) ? NEUTRAL : BREAK);
                p = e + 1;
                continue;
            }
        }
        if (c == '|') {            // a table's cell ends (an escaped \| is the character)
            put(out, BREAK);
            p++;
            continue;
        }
        if (c == ']' && p + 1 < end && p[1] == '(') {   // a link's destination
            const char *e = memchr(p, ')', (size_t)(end - p));
            if (e) {
                put(out, NEUTRAL);
                p = e + 1;
                continue;
            }
        }
        put(out, *p++);
    }
    return end;
}

// The fence that opens or closes a fenced block: up to 3 spaces, then 3 or
// more ` or ~. Returns its length (0: none), its character and info string.
static size_t fence(const char *line, const char *end, char *ch, const char **info) {
    const char *p = line;
    int spaces = 0;
    while (p < end && *p == ' ' && spaces < 4) p++, spaces++;
    if (spaces > 3 || p >= end || (*p != '`' && *p != '~')) return 0;
    size_t n = 0;
    while (p + n < end && p[n] == *p) n++;
    if (n < 3) return 0;
    *ch = *p;
    *info = p + n;
    return n;
}

static bool blank(const char *p, const char *end) {
    for (; p < end; p++)
        if (!is_space(*p)) return false;
    return true;
}

static void markdown_text(Buf *out, const char *text) {
    InlineState st = {false, false};
    size_t fence_len = 0;          // inside a fenced block: its fence's length
    char fence_ch = 0;
    bool fence_prose = false;      // ```text: the evidence, prose
    bool previous_blank = true, previous_code = false;
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        if (end == NULL) end = line + strlen(line);
        char ch;
        const char *info;
        size_t n = fence(line, end, &ch, &info);
        bool code = false;
        if (fence_len) {
            if (n >= fence_len && ch == fence_ch && blank(info, end)) {
                fence_len = 0;
                put(out, BREAK);
            } else if (fence_prose) {
                text_line(out, line, end);
            } else {
                put(out, NEUTRAL);
            }
        } else if (n && !st.in_comment && !st.in_display_math) {
            fence_len = n;
            fence_ch = ch;
            while (info < end && *info == ' ') info++;
            const char *info_end = info;
            while (info_end < end && !is_space(*info_end)) info_end++;
            fence_prose = info_end - info == 4 && strncmp(info, "text", 4) == 0;
            put(out, BREAK);
        } else if (!st.in_comment && !st.in_display_math && (previous_blank || previous_code) &&
                   (strncmp(line, "    ", 4) == 0 || *line == '\t') && !blank(line, end)) {
            code = true;           // indented code
            put(out, NEUTRAL);
        } else {
            markdown_inline(out, line, end, &st);
        }
        previous_code = code;
        previous_blank = blank(line, end) && !fence_len;
        if (*end == '\0') break;
        put(out, '\n');
        line = end + 1;
    }
}

// An entity at p ('&'): its character into 'out', and its end; NULL when it
// is not one (then '&' is itself).
static const char *entity(Buf *out, const char *p) {
    static const struct {
        const char *name, *text;
    } named[] = {{"lt", "<"}, {"gt", ">"}, {"amp", "&"}, {"quot", "\""}, {"apos", "'"}, {"nbsp", " "}, {NULL, NULL}};
    const char *semi = p + 1;
    while (*semi && *semi != ';' && semi - p < 12 && !is_space(*semi)) semi++;
    if (*semi != ';') return NULL;
    if (p[1] == '#') {
        char *endp;
        unsigned long cp = p[2] == 'x' || p[2] == 'X' ? strtoul(p + 3, &endp, 16) : strtoul(p + 2, &endp, 10);
        if (endp != semi || cp == 0 || cp > 0x10FFFF) return NULL;
        unsigned char u[4];
        size_t k;
        if (cp < 0x80) u[0] = (unsigned char)cp, k = 1;
        else if (cp < 0x800) u[0] = (unsigned char)(0xC0 | cp >> 6), u[1] = (unsigned char)(0x80 | (cp & 0x3F)), k = 2;
        else if (cp < 0x10000)
            u[0] = (unsigned char)(0xE0 | cp >> 12), u[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F)),
            u[2] = (unsigned char)(0x80 | (cp & 0x3F)), k = 3;
        else
            u[0] = (unsigned char)(0xF0 | cp >> 18), u[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F)),
            u[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F)), u[3] = (unsigned char)(0x80 | (cp & 0x3F)), k = 4;
        buf_add(out, (const char *)u, k);
        return semi + 1;
    }
    for (size_t i = 0; named[i].name; i++)
        if ((size_t)(semi - p - 1) == strlen(named[i].name) && strncmp(p + 1, named[i].name, strlen(named[i].name)) == 0) {
            buf_puts(out, named[i].text);
            return semi + 1;
        }
    return NULL;
}

// Copies in[from, to) with entities decoded (an attribute's value).
static void put_decoded(Buf *out, const char *p, const char *to) {
    while (p < to) {
        if (*p == '&') {
            Buf one = {0};
            const char *e = entity(&one, p);
            if (e && e <= to) {
                buf_add(out, one.s, one.n);
                free(one.s);
                p = e;
                continue;
            }
            free(one.s);
        }
        put(out, *p++);
    }
}

// Elements whose whole content is out.
static bool skipped_element(Mode mode, const char *name, const char *class_value, size_t class_len) {
    static const char *const html[] = {"script", "style", "code", "kbd", "samp", "math", "template", NULL};
    static const char *const svg[] = {"desc", "style", "script", "metadata", NULL};
    const char *const *names = mode == MODE_SVG ? svg : html;
    for (size_t i = 0; names[i]; i++)
        if (strcmp(name, names[i]) == 0) return true;
    // a formula: class tex, tex-display, katex, katex-display ...
    for (const char *c = class_value; c && c < class_value + class_len;) {
        while (c < class_value + class_len && is_space(*c)) c++;
        const char *e = c;
        while (e < class_value + class_len && !is_space(*e)) e++;
        size_t n = (size_t)(e - c);
        if ((n == 3 && strncmp(c, "tex", 3) == 0) || (n > 4 && strncmp(c, "tex-", 4) == 0) ||
            (n >= 5 && strncmp(c, "katex", 5) == 0))
            return true;
        c = e;
    }
    return false;
}

// A tag's attributes, from q (after its name) to its '>' (returned; the
// text's end if none): the value of its class, and the text a reader meets
// (alt, title, aria-label) added to 'attributes', each between BREAKs.
static const char *tag_attributes(const char *q, const char **class_value, size_t *class_len, Buf *attributes) {
    char quote = 0;
    const char *e = q;
    while (*e && (quote || *e != '>')) {
        if (quote) {
            if (*e == quote) quote = 0;
            e++;
            continue;
        }
        if (*e == '"' || *e == '\'') {
            quote = *e++;
            continue;
        }
        if (!is_space(*e) && (is_space(e[-1]))) {   // an attribute
            const char *an = e;
            while (*e && *e != '=' && *e != '>' && !is_space(*e)) e++;
            size_t an_len = (size_t)(e - an);
            if (*e != '=') continue;
            e++;
            const char *v = e, *v_end;
            if (*e == '"' || *e == '\'') {
                char qc = *e;
                v = ++e;
                while (*e && *e != qc) e++;
                v_end = e;
                if (*e) e++;
            } else {
                while (*e && !is_space(*e) && *e != '>') e++;
                v_end = e;
            }
            if (an_len == 5 && strncmp(an, "class", 5) == 0) *class_value = v, *class_len = (size_t)(v_end - v);
            if ((an_len == 3 && strncmp(an, "alt", 3) == 0) || (an_len == 5 && strncmp(an, "title", 5) == 0) ||
                (an_len == 10 && strncmp(an, "aria-label", 10) == 0)) {
                put(attributes, BREAK);
                put_decoded(attributes, v, v_end);
                put(attributes, BREAK);
            }
            continue;
        }
        e++;
    }
    return e;
}

static void markup_text(Buf *out, const char *text, Mode mode) {
    char skip_name[16] = "";        // inside a skipped element: its name, and how deep
    int skip_depth = 0;
    for (const char *p = text; *p;) {
        if (*p == '<' && strncmp(p, "<!--", 4) == 0) {
            const char *e = strstr(p + 4, "-->");
            e = e ? e + 3 : p + strlen(p);
            put_newlines(out, p, e);
            put(out, BREAK);
            p = e;
            continue;
        }
        if (*p == '<' && (strncmp(p, "<![CDATA[", 9) == 0)) {
            const char *e = strstr(p, "]]>");
            e = e ? e + 3 : p + strlen(p);
            put_newlines(out, p, e);
            if (skip_depth == 0) put(out, BREAK);
            p = e;
            continue;
        }
        if (*p == '<' && (p[1] == '!' || p[1] == '?' || p[1] == '/' || ((p[1] | 32) >= 'a' && (p[1] | 32) <= 'z'))) {
            // a tag: its name, whether it closes or closes itself, its attributes
            const char *q = p + 1;
            bool closing = *q == '/';
            if (closing) q++;
            char name[16] = "";
            size_t k = 0;
            while (*q && !is_space(*q) && *q != '>' && *q != '/') {
                if (k + 1 < sizeof name) name[k++] = (char)((*q >= 'A' && *q <= 'Z') ? *q | 32 : *q);
                q++;
            }
            name[k] = '\0';
            const char *class_value = NULL;
            size_t class_len = 0;
            Buf attributes = {0};  // alt, title, aria-label: text a reader meets
            const char *e = tag_attributes(q, &class_value, &class_len, &attributes);
            bool self_closing = e > p && e[-1] == '/';
            const char *after = *e ? e + 1 : e;
            if (skip_depth > 0) {
                put_newlines(out, p, after);
                if (strcmp(name, skip_name) == 0 && !self_closing) skip_depth += closing ? -1 : 1;
                if (skip_depth == 0) put(out, NEUTRAL);
            } else if (!closing && p[1] != '!' && p[1] != '?' && skipped_element(mode, name, class_value, class_len)) {
                put_newlines(out, p, after);
                if (!self_closing) {
                    snprintf(skip_name, sizeof skip_name, "%s", name);
                    skip_depth = 1;
                }
                put(out, NEUTRAL);
            } else {
                // the attributes' text sits on the tag's first line; the tag's newlines follow
                put(out, inline_tag(name) ? NEUTRAL : BREAK);
                if (attributes.n) buf_add(out, attributes.s, attributes.n);
                put_newlines(out, p, after);
            }
            free(attributes.s);
            p = after;
            continue;
        }
        if (skip_depth > 0) {
            if (*p == '\n') put(out, '\n');
            p++;
            continue;
        }
        if (*p == '&') {
            const char *e = entity(out, p);
            if (e) {
                p = e;
                continue;
            }
        }
        put(out, *p++);
    }
}

// The text of 'text' to check in 'mode': stage 1's writer of that mode.
void checked_text(Buf *out, const char *text, Mode mode) {
    switch (mode) {
    case MODE_TEXT:
        text_line(out, text, text + strlen(text));
        break;
    case MODE_MARKDOWN:
        markdown_text(out, text);
        break;
    case MODE_HTML:
        markup_text(out, text, MODE_HTML);
        break;
    case MODE_SVG:
        markup_text(out, text, MODE_SVG);   // only the elements' text is left: <text>, <title>
        break;
    }
}
