// zh_typography.c: the zh-TW typography (issue 42), checked and fixed:
//
//   zh_typography [--fix] FILE...
//
// The convention (lessons/README.md, "Chinese typography"):
//   - full-width punctuation in Chinese text: a half-width , : ; ? ! next to a
//     Chinese character becomes ，：；？！, and a pair ( ) that holds Chinese
//     or stands next to it becomes （ ）, unless it is a function's argument
//     (sin(x), N(0, 1)) or a tuple of numbers ((100, 101));
//   - a chapter is 第N章, never 「章 N」;
//   - one space between a Chinese character and a run of Latin letters, inline
//     maths $...$ or `code`; none between a Chinese character and a number
//     (digits, a lesson's placeholder {name:spec}, a message's %d): a run
//     holding a letter is spaced (d = 128), one of numbers only is not
//     (位置500, 第3章, 主張3.3); none between full-width punctuation and
//     either.
// Left as written: maths, code, a quote 「...」 (a document's words keep their
// punctuation), a §section as the document names it, a "literal", a lesson's
// keys and the values of source:, phrase: and
// figure:, headings of claims and verdicts, HTML comments, display maths,
// a choice {name?A|B}, a message's %s (a word or a number), msgid.
//
// Which text of a file is Chinese: a program's output (*.txt, the rendered
// lessons as a chapter prints them) every line; a lesson (*.md) its lines as above; a
// catalogue (*.po) its msgstr strings; a table (*.tsv) the column "zh-TW" if
// its header has one (the glossary), else every column but the first
// (exercises: question, answer; figures.tsv: caption; figure_words.tsv: key
// and text; documents.tsv: language and covers); lines starting with # are
// comments.
//
// Without --fix it prints each departure as FILE:LINE: KIND: ...text... and
// exits 1 if there is one. With --fix it rewrites the files in place and
// prints how many it fixed in each; the fixes are deterministic and a second
// run changes nothing. Exit 2 on bad input.
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/text_file.h"

enum Kind {
    K_WIDE,     // a Chinese character (or kana, a circled number)
    K_FWP,      // full-width punctuation, or a whole quote 「...」
    K_SEP,      // where spacing is not this tool's business: | * a tab, an escape, a tag, a guard
    K_SPACE,    // one or more ASCII spaces
    K_MATH,     // $...$
    K_CODE,     // `...`
    K_NUM,      // a placeholder {name:spec}, a numeric conversion %d
    K_STR,      // a %s conversion
    K_LETTER,   // a Latin or Greek letter
    K_DIGIT,
    K_EQ,       // = < >
    K_OTHER
};

typedef struct {
    const char *s;
    size_t n;
    enum Kind kind;
    const char *pre, *post;   // written before and after it (a fix)
} Tok;

enum FileKind { F_LESSON, F_PO, F_TSV, F_TEXT };

static const char *g_file;
static long g_line;
static int g_found;
static bool g_fix;
static bool g_quiet;   // a pass after the first: fixes, reports nothing

// ---- UTF-8 -----------------------------------------------------------------------

static unsigned decode(const char *s, size_t *len) {
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] < 0x80) return *len = 1, u[0];
    if ((u[0] & 0xE0) == 0xC0 && u[1]) return *len = 2, ((u[0] & 0x1Fu) << 6) | (u[1] & 0x3Fu);
    if ((u[0] & 0xF0) == 0xE0 && u[1] && u[2])
        return *len = 3, ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);
    if ((u[0] & 0xF8) == 0xF0 && u[1] && u[2] && u[3])
        return *len = 4, ((u[0] & 0x07u) << 18) | ((u[1] & 0x3Fu) << 12) | ((u[2] & 0x3Fu) << 6) | (u[3] & 0x3Fu);
    return *len = 1, 0xFFFD;
}

static bool is_wide(unsigned c) {
    return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0x20000 && c <= 0x2FFFF) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3100 && c <= 0x312F) ||
           (c >= 0x2460 && c <= 0x24FF);
}

static bool is_fullwidth_punct(unsigned c) {
    return (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFF65) || (c >= 0xFE30 && c <= 0xFE4F) ||
           (c >= 0x2018 && c <= 0x201F);
}

static bool is_letter(unsigned c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) ||
           (c >= 0x370 && c <= 0x3FF);
}

// ---- tokens ------------------------------------------------------------------------

typedef struct {
    Tok *t;
    size_t n, cap;
} Toks;

static void push(Toks *v, const char *s, size_t n, enum Kind k) {
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 64;
        v->t = realloc(v->t, v->cap * sizeof *v->t);
        if (!v->t) {
            perror("zh_typography");
            exit(2);
        }
    }
    v->t[v->n++] = (Tok){s, n, k, "", ""};
}

// The length of a printf conversion at s (s[0] == '%'), 0 if none; *conv its letter.
static size_t conversion(const char *s, char *conv) {
    size_t i = 1;
    while (s[i] && strchr("-+ #0'", s[i])) i++;
    while (s[i] == '*' || (s[i] >= '0' && s[i] <= '9')) i++;
    if (s[i] == '.') {
        i++;
        while (s[i] == '*' || (s[i] >= '0' && s[i] <= '9')) i++;
    }
    while (s[i] && strchr("hlLqjzt", s[i])) i++;
    if (s[i] && strchr("diouxXeEfFgGaAcs%", s[i])) {
        *conv = s[i];
        return i + 1;
    }
    return 0;
}

static void tokenize(const char *s, size_t n, enum FileKind fk, Toks *v) {
    const char *end = s + n;
    v->n = 0;
    while (s < end) {
        size_t len;
        unsigned c = decode(s, &len);
        if (s + len > end) len = (size_t)(end - s);
        if (c == ' ') {
            size_t k = 0;
            while (s + k < end && s[k] == ' ') k++;
            push(v, s, k, K_SPACE);
            s += k;
            continue;
        }
        if (c == 0x300C) {   // 「 ... 」, nested 『』 inside: one opaque token
            const char *q = s + len;
            int depth = 1;
            while (q < end && depth) {
                size_t l2;
                unsigned d = decode(q, &l2);
                if (d == 0x300C) depth++;
                if (d == 0x300D) depth--;
                q += l2;
            }
            if (depth == 0) {
                push(v, s, (size_t)(q - s), K_FWP);
                s = q;
                continue;
            }
        }
        if (c == '$' || c == '`') {
            const char *q = memchr(s + 1, (int)c, (size_t)(end - s - 1));
            if (q && !(c == '$' && q == s + 1)) {
                push(v, s, (size_t)(q + 1 - s), c == '$' ? K_MATH : K_CODE);
                s = q + 1;
                continue;
            }
        }
        if (c == '{' && fk == F_LESSON) {
            const char *q = memchr(s, '}', (size_t)(end - s));
            if (q) {
                size_t k = (size_t)(q + 1 - s);
                bool guard = s[1] == '?' || s[1] == '!' || memchr(s, '?', k) || memchr(s, '|', k);
                push(v, s, k, guard ? K_SEP : K_NUM);
                s += k;
                continue;
            }
        }
        if (c == '%' && fk != F_LESSON) {
            char conv = 0;
            size_t k = conversion(s, &conv);
            if (k) {
                push(v, s, k, conv == 's' ? K_STR : conv == '%' ? K_OTHER : K_NUM);
                s += k;
                continue;
            }
        }
        if (c == '\\' && fk != F_LESSON && s + 1 < end) {
            push(v, s, 2, K_SEP);
            s += 2;
            continue;
        }
        if (c == '<' && fk == F_PO && s + 1 < end && (is_letter((unsigned char)s[1]) || s[1] == '/' || s[1] == '!')) {
            const char *q = memchr(s, '>', (size_t)(end - s));
            if (q) {
                push(v, s, (size_t)(q + 1 - s), K_SEP);
                s = q + 1;
                continue;
            }
        }
        if (c == 0xA7) {   // §heading: a document's section, as the document writes it
            const char *q = s + len;
            while (q < end && *q != ' ' && *q != ';' && *q != ',' && *q != '\t') {
                size_t l2;
                unsigned d = decode(q, &l2);
                if (d == 0xFF1B || d == 0xFF0C || d == 0x3001 || d == 0xFF08 || d == 0xFF09 || d == 0x3002) break;
                q += l2;
            }
            push(v, s, (size_t)(q - s), K_SEP);
            s = q;
            continue;
        }
        enum Kind k = K_OTHER;
        if (is_wide(c)) k = K_WIDE;
        else if (is_fullwidth_punct(c)) k = K_FWP;
        else if (c == '|' || c == '*' || c == '\t' || c == '"') k = K_SEP;
        else if (is_letter(c)) k = K_LETTER;
        else if (c >= '0' && c <= '9') k = K_DIGIT;
        else if (c == '=' || c == '<' || c == '>') k = K_EQ;
        push(v, s, len, k);
        s += len;
    }
}

static bool tok_is(const Tok *t, const char *text) { return t->n == strlen(text) && memcmp(t->s, text, t->n) == 0; }

// The token before i, after i, skipping spaces; -1 / n when none.
static long prev_ns(const Toks *v, long i) {
    for (i--; i >= 0 && v->t[i].kind == K_SPACE; i--) {}
    return i;
}
static long next_ns(const Toks *v, long i) {
    for (i++; i < (long)v->n && v->t[i].kind == K_SPACE; i++) {}
    return i;
}
static bool kind_at(const Toks *v, long i, enum Kind k) { return i >= 0 && i < (long)v->n && v->t[i].kind == k; }

// ---- reporting -----------------------------------------------------------------------

static void report(const Toks *v, long i, const char *kind) {
    if (g_quiet) return;
    g_found++;
    if (g_fix) return;
    long from = i - 6 < 0 ? 0 : i - 6, to = i + 6 >= (long)v->n ? (long)v->n - 1 : i + 6;
    printf("%s:%ld: %s: ", g_file, g_line, kind);
    for (long j = from; j <= to; j++) fwrite(v->t[j].s, 1, v->t[j].n, stdout);
    printf("\n");
}

// ---- the rules ------------------------------------------------------------------------

static const char *const HALF = ",:;?!", *const FULL[] = {"，", "：", "；", "？", "！"};
static const char SPACES[] = "                                ";

// 章 N (章 not after a Chinese character) -> 第N章.
static void chapters(Toks *v) {
    for (long i = 0; i < (long)v->n; i++) {
        long before = prev_ns(v, i);
        if (!tok_is(&v->t[i], "章") || !(before < 0 || kind_at(v, before, K_FWP) || kind_at(v, before, K_SEP))) continue;
        long j = i + 1;
        if (kind_at(v, j, K_SPACE)) j++;
        long first = j;
        while (kind_at(v, j, K_DIGIT) || (kind_at(v, j, K_NUM) && j == first)) j++;
        if (j == first || kind_at(v, j, K_LETTER) || tok_is(&v->t[j < (long)v->n ? j : first], ".")) continue;
        report(v, i, "chapter as 章 N, not 第N章");
        v->t[i].s = "第";
        v->t[i].n = strlen("第");
        if (first > i + 1) v->t[i + 1].n = 0;
        v->t[j - 1].post = "章";
        i = j - 1;
    }
}

// Parentheses first: a pair ( ) becomes （ ） when it is an aside in Chinese:
// not glued to what precedes it (a call or maths: sin(x), cos(向量, 詞),
// 10^(2i/d)), next to Chinese or holding it, and holding words only (no
// operator: (1.5 + T/d), (d = 128), (x_魚, x_貓) are maths; (a, b) a tuple).
// What stays inside half-width parentheses is maths: its commas stay too.
static void parentheses(Toks *v, bool *maths) {
    for (long i = 0; i < (long)v->n; i++) {
        if (v->t[i].kind != K_OTHER || !tok_is(&v->t[i], "(")) continue;
        int depth = 0;
        long close = -1;
        bool chinese = false, operators = false, words = false;
        for (long k = i; k < (long)v->n; k++) {
            const Tok *t = &v->t[k];
            if (t->kind == K_WIDE || t->kind == K_FWP) chinese = true;
            if (t->kind == K_LETTER || t->kind == K_DIGIT || t->kind == K_NUM) words = true;
            if (t->kind == K_MATH || t->kind == K_EQ || t->kind == K_CODE ||
                (t->n == 1 && strchr("+-/_^|*,", t->s[0]) && k > i) || tok_is(t, "−") || tok_is(t, "×"))
                operators = true;
            if (t->kind != K_OTHER || t->n != 1) continue;
            if (t->s[0] == '(') depth++;
            if (t->s[0] == ')' && --depth == 0) {
                close = k;
                break;
            }
        }
        if (close < 0) continue;
        bool call = i > 0 && v->t[i - 1].kind != K_SPACE && v->t[i - 1].kind != K_WIDE && v->t[i - 1].kind != K_FWP &&
                    v->t[i - 1].kind != K_SEP;
        long p = prev_ns(v, i), q = next_ns(v, close);
        bool next_to = kind_at(v, p, K_WIDE) || kind_at(v, p, K_FWP) || kind_at(v, q, K_WIDE) || kind_at(v, q, K_FWP);
        if (call || operators || !(chinese || (next_to && words))) {
            for (long k = i; k <= close; k++) maths[k] = true;
            continue;
        }
        report(v, i, "half-width parentheses in Chinese");
        v->t[i] = (Tok){"（", strlen("（"), K_FWP, "", ""};
        v->t[close] = (Tok){"）", strlen("）"), K_FWP, "", ""};
    }
}

// A half-width , : ; ? ! right after a Chinese character, or glued to Latin
// text and followed by Chinese (SGNS, 然後), becomes full-width; not in a
// ratio or a time (1:2), a URL (http://), maths in parentheses, nor a mark
// standing alone between spaces (標記 ! 或).
static void punctuation(Toks *v) {
    static bool *maths;
    static size_t cap;
    if (cap < v->n + 1) {
        cap = 2 * (v->n + 1);
        maths = realloc(maths, cap);
        if (!maths) {
            perror("zh_typography");
            exit(2);
        }
    }
    memset(maths, 0, v->n + 1);
    parentheses(v, maths);
    for (long i = 0; i < (long)v->n; i++) {
        Tok *t = &v->t[i];
        if (t->kind != K_OTHER || t->n != 1 || maths[i]) continue;
        const char *h = strchr(HALF, t->s[0]);
        if (!h || !t->s[0]) continue;
        long q = next_ns(v, i);
        bool before = kind_at(v, i - 1, K_WIDE);
        bool glued = i > 0 && v->t[i - 1].kind != K_SPACE && v->t[i - 1].kind != K_SEP && v->t[i - 1].kind != K_FWP;
        if (kind_at(v, i - 1, K_DIGIT) && kind_at(v, i + 1, K_DIGIT)) continue;
        if (t->s[0] == ':' && i + 1 < (long)v->n && v->t[i + 1].s[0] == '/') continue;
        if (!before && !(glued && kind_at(v, q, K_WIDE))) continue;
        report(v, i, "half-width punctuation next to Chinese");
        *t = (Tok){FULL[h - HALF], strlen(FULL[h - HALF]), K_FWP, "", ""};
    }
}

enum Class { C_NONE, C_LATIN, C_NUMBER };

// The space token at (or none: -1, then before token insert_before) made want spaces long.
static void set_space(Toks *v, long at, long insert_before, size_t want, long i_report, const char *kind) {
    if (at >= 0) {
        if (v->t[at].n == want) return;
        report(v, i_report, kind);
        v->t[at].s = SPACES;
        v->t[at].n = want;
        return;
    }
    if (want == 0) return;
    report(v, i_report, kind);
    v->t[insert_before].pre = " ";
}

static void spacing(Toks *v) {
    long n = (long)v->n;
    for (long i = 0; i < n;) {
        enum Kind k = v->t[i].kind;
        if (k == K_WIDE || k == K_FWP || k == K_SEP) {
            i++;
            continue;
        }
        long a = i, b = i;   // the run [a, b)
        while (b < n && v->t[b].kind != K_WIDE && v->t[b].kind != K_FWP && v->t[b].kind != K_SEP) b++;
        i = b;
        long core_a = a, core_b = b;
        if (v->t[core_a].kind == K_SPACE) core_a++;
        if (core_b > core_a && v->t[core_b - 1].kind == K_SPACE) core_b--;
        long left = a - 1, right = b;   // the boundary tokens
        // two spaces or more: alignment in a table or a help text
        if ((v->t[a].kind == K_SPACE && v->t[a].n > 1) || (v->t[b - 1].kind == K_SPACE && v->t[b - 1].n > 1)) continue;
        if (core_a >= core_b) {
            // only spaces: none next to full-width punctuation
            bool fw = kind_at(v, left, K_FWP) || kind_at(v, right, K_FWP);
            bool chinese = (kind_at(v, left, K_WIDE) || kind_at(v, left, K_FWP)) &&
                           (kind_at(v, right, K_WIDE) || kind_at(v, right, K_FWP));
            if (fw && chinese) set_space(v, a, a, 0, a, "space next to full-width punctuation");
            continue;
        }
        enum Class cl = C_NONE;
        for (long j = core_a; j < core_b; j++) {
            enum Kind kj = v->t[j].kind;
            if (kj == K_LETTER || kj == K_MATH || kj == K_CODE || kj == K_EQ) cl = C_LATIN;
            else if ((kj == K_DIGIT || kj == K_NUM) && cl == C_NONE) cl = C_NUMBER;
        }
        if (cl == C_NONE) continue;
        // one space on a side next to a Chinese character; none in 第N章
        bool ordinal = cl == C_NUMBER && left >= 0 && tok_is(&v->t[left], "第") &&
                       ((right < n && tok_is(&v->t[right], "章")) || strcmp(v->t[core_b - 1].post, "章") == 0);
        size_t want = ordinal ? 0 : 1;
        const char *what = "spacing: one space between Chinese and Latin, numbers, maths or code";
        // the inside of a bracket next to Chinese: as written (cos(向量, 詞))
        bool left_inside = v->t[core_a].n == 1 && strchr(")]", v->t[core_a].s[0]);
        bool right_inside = v->t[core_b - 1].n == 1 && strchr("([", v->t[core_b - 1].s[0]);
        // left side
        if (left_inside) {
        } else if (kind_at(v, left, K_WIDE)) set_space(v, core_a > a ? a : -1, core_a, want, core_a, what);
        else if (kind_at(v, left, K_FWP) && core_a > a)
            set_space(v, a, core_a, 0, core_a, "space next to full-width punctuation");
        // right side
        if (right_inside) {
        } else if (kind_at(v, right, K_WIDE)) set_space(v, core_b < b ? core_b : -1, right, want, core_b - 1, what);
        else if (kind_at(v, right, K_FWP) && core_b < b)
            set_space(v, core_b, right, 0, core_b - 1, "space next to full-width punctuation");
    }
}

// Check (and fix) one segment of Chinese text; the fixed text is appended to out.
static void segment_once(const char *s, size_t n, enum FileKind fk, Buf *out);
static int g_depth;   // segment_once inside a choice

// A choice {name?A|B} prints A or B where it stands: each alternative that
// starts (ends) with a Chinese character after (before) Latin text, a number,
// a placeholder or maths takes its space inside the braces, so that either
// prints spaced ({x:d}{ok? 就跌破| 都不低於}).
static char *g_made[4096];
static size_t g_n_made;

static bool latinish(const Toks *v, long i) {
    if (i < 0 || i >= (long)v->n) return false;
    enum Kind k = v->t[i].kind;
    return k == K_LETTER || k == K_DIGIT || k == K_MATH || k == K_CODE || k == K_NUM;
}

static void choices(Toks *v, enum FileKind fk) {
    for (long i = 0; i < (long)v->n; i++) {
        Tok *t = &v->t[i];
        if (t->kind != K_SEP || t->n < 4 || t->s[0] != '{' || t->s[1] == '?' || t->s[1] == '!') continue;
        const char *q = memchr(t->s, '?', t->n);
        if (!q) continue;
        bool before = latinish(v, i - 1), after = latinish(v, i + 1);
        // rebuild: {name? then each alternative, checked, with the spaces it needs
        char *out = malloc(t->n * 3 + 8), *w = out;
        if (!out || g_n_made == sizeof g_made / sizeof *g_made) {
            free(out);
            continue;
        }
        size_t head = (size_t)(q + 1 - t->s);
        memcpy(w, t->s, head);
        w += head;
        bool changed = false;
        const char *p = q + 1, *end = t->s + t->n - 1;   // before the closing }
        while (p <= end) {
            const char *bar = memchr(p, '|', (size_t)(end - p));
            const char *alt_end = bar ? bar : end;
            // the alternative's own text, checked as any text
            Buf inner = {0};
            g_depth++;
            segment_once(p, (size_t)(alt_end - p), fk, &inner);
            g_depth--;
            if (!inner.s) buf_add(&inner, "", 0);
            if (inner.n != (size_t)(alt_end - p) || memcmp(inner.s, p, inner.n) != 0) changed = true;
            size_t len = inner.n, l1;
            if (len > 0 && before && is_wide(decode(inner.s, &l1))) {
                *w++ = ' ';
                changed = true;
            }
            memcpy(w, inner.s, len);
            w += len;
            if (len > 0 && after) {
                const char *last = inner.s + len - 1;
                while (last > inner.s && ((unsigned char)*last & 0xC0) == 0x80) last--;
                if (is_wide(decode(last, &l1))) {
                    *w++ = ' ';
                    changed = true;
                }
            }
            free(inner.s);
            if (!bar) break;
            *w++ = '|';
            p = bar + 1;
        }
        *w++ = '}';
        if (!changed) {
            free(out);
            continue;
        }
        if (before || after) report(v, i, "spacing: a choice's words next to Latin, a number or maths take their space inside");
        g_made[g_n_made++] = out;
        t->s = out;
        t->n = (size_t)(w - out);
    }
}

static void segment_once(const char *s, size_t n, enum FileKind fk, Buf *out) {
    Toks v = {0};
    tokenize(s, n, fk, &v);
    chapters(&v);
    punctuation(&v);
    spacing(&v);
    choices(&v, fk);
    for (size_t i = 0; i < v.n; i++) {
        buf_add(out, v.t[i].pre, strlen(v.t[i].pre));
        buf_add(out, v.t[i].s, v.t[i].n);
        buf_add(out, v.t[i].post, strlen(v.t[i].post));
    }
    free(v.t);
    if (g_depth == 0)
        while (g_n_made) free(g_made[--g_n_made]);
}

// The first pass reports; the fix is that pass's result taken on to where a
// pass changes nothing (a fix can make another: 章 1 followed by a word), so
// that the fixed text passes the check.
static void segment(const char *s, size_t n, enum FileKind fk, Buf *out) {
    Buf a = {0}, b = {0};
    segment_once(s, n, fk, &a);
    if (!a.s) buf_add(&a, "", 0);
    bool quiet = g_quiet;
    g_quiet = true;
    for (int pass = 0; pass < 8; pass++) {
        b.n = 0;
        segment_once(a.s, a.n, fk, &b);
        if (!b.s) buf_add(&b, "", 0);
        bool same = a.n == b.n && memcmp(a.s, b.s, a.n) == 0;
        Buf t = a;
        a = b;
        b = t;
        if (same) break;
    }
    g_quiet = quiet;
    buf_add(out, a.s, a.n);
    free(a.s);
    free(b.s);
}

// ---- files ------------------------------------------------------------------------------

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

// A lesson's line: what of it is Chinese text to check (offsets into line).
static void lesson_line(const char *line, size_t n, bool *in_comment, bool *in_fence, bool *in_display, Buf *out) {
    size_t from = 0;
    bool check = true;
    if (*in_comment) {
        if (strstr(line, "-->")) *in_comment = false;
        check = false;
    } else if (starts(line, "<!--")) {
        if (!strstr(line, "-->")) *in_comment = true;
        check = false;
    } else if (starts(line, "```")) {
        *in_fence = !*in_fence;
        check = false;
    } else if (*in_fence) {
        check = false;
    } else if (starts(line, "$$")) {
        const char *close = strstr(line + 2, "$$");
        if (!close) *in_display = !*in_display;
        check = false;
    } else if (*in_display) {
        check = false;
    } else if (starts(line, "##")) {
        check = false;
    } else if (starts(line, "source:") || starts(line, "phrase:") || starts(line, "figure:")) {
        check = false;
    } else {
        // a key, a heading's #, a list marker, a quote's >: not text
        size_t k = 0;
        while (k < n && ((line[k] >= 'a' && line[k] <= 'z') || line[k] == '_')) k++;
        if (k > 0 && k < n && line[k] == ':' && line[k + 1] == ' ') from = k + 2;
        else if (starts(line, "# ")) from = 2;
        else {
            size_t j = 0;
            while (j < n && line[j] == ' ') j++;
            if (j < n && (line[j] == '-' || line[j] == '>' || line[j] == '*') && line[j + 1] == ' ') from = j + 2;
            else {
                size_t d = j;
                while (d < n && line[d] >= '0' && line[d] <= '9') d++;
                if (d > j && line[d] == '.' && line[d + 1] == ' ') from = d + 2;
            }
        }
    }
    buf_add(out, line, from);
    if (check) segment(line + from, n - from, F_LESSON, out);
    else buf_add(out, line + from, n - from);
}

static void po_line(const char *line, size_t n, bool *in_msgstr, Buf *out) {
    const char *q = NULL;
    if (starts(line, "msgstr")) {
        *in_msgstr = true;
        q = strchr(line, '"');
    } else if (line[0] == '"' && *in_msgstr) {
        q = line;
    } else {
        *in_msgstr = false;
    }
    size_t e = n;
    while (e > 0 && line[e - 1] != '"') e--;
    if (!q || e <= (size_t)(q - line) + 1) {
        buf_add(out, line, n);
        return;
    }
    size_t a = (size_t)(q - line) + 1, b = e - 1;
    buf_add(out, line, a);
    segment(line + a, b - a, F_PO, out);
    buf_add(out, line + b, n - b);
}

static void tsv_line(const char *line, size_t n, long zh_column, Buf *out) {
    if (line[0] == '#') {
        buf_add(out, line, n);
        return;
    }
    long col = 0;
    size_t a = 0;
    for (;;) {
        const char *tab = memchr(line + a, '\t', n - a);
        size_t b = tab ? (size_t)(tab - line) : n;
        bool chinese = zh_column >= 0 ? col == zh_column : col > 0;
        if (chinese) segment(line + a, b - a, F_TSV, out);
        else buf_add(out, line + a, b - a);
        if (!tab) break;
        buf_add(out, "\t", 1);
        a = b + 1;
        col++;
    }
}

static int one_file(const char *path) {
    size_t size;
    char *text = text_file_read(path, &size);
    if (!text) {
        fprintf(stderr, "zh_typography: cannot read %s\n", path);
        return 2;
    }
    size_t plen = strlen(path);
    enum FileKind fk = plen > 3 && strcmp(path + plen - 3, ".md") == 0    ? F_LESSON
                       : plen > 3 && strcmp(path + plen - 3, ".po") == 0  ? F_PO
                       : plen > 4 && strcmp(path + plen - 4, ".txt") == 0 ? F_TEXT
                                                                          : F_TSV;
    g_file = path;
    int before = g_found;
    Buf out = {0};
    bool in_comment = false, in_fence = false, in_display = false, in_msgstr = false;
    long zh_column = -1;
    g_line = 0;
    for (const char *line = text; line < text + size;) {
        const char *nl = memchr(line, '\n', (size_t)(text + size - line));
        size_t n = nl ? (size_t)(nl - line) : (size_t)(text + size - line);
        g_line++;
        if (fk == F_TSV && g_line == 1) {
            // the header: which column is Chinese
            long col = 0;
            for (const char *c = line; c < line + n; col++) {
                const char *tab = memchr(c, '\t', (size_t)(line + n - c));
                size_t len = tab ? (size_t)(tab - c) : (size_t)(line + n - c);
                if (len == 5 && memcmp(c, "zh-TW", 5) == 0) zh_column = col;
                c = tab ? tab + 1 : line + n;
            }
            buf_add(&out, line, n);
        } else if (fk == F_LESSON) {
            lesson_line(line, n, &in_comment, &in_fence, &in_display, &out);
        } else if (fk == F_PO) {
            po_line(line, n, &in_msgstr, &out);
        } else if (fk == F_TEXT) {
            segment(line, n, F_TEXT, &out);
        } else {
            tsv_line(line, n, zh_column, &out);
        }
        if (nl) buf_add(&out, "\n", 1);
        line = nl ? nl + 1 : text + size;
    }
    if (!out.s) buf_add(&out, "", 0);
    int status = 0;
    if (g_fix && (out.n != size || memcmp(out.s, text, size) != 0)) {
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(out.s, 1, out.n, f) != out.n || fclose(f) != 0) {
            fprintf(stderr, "zh_typography: cannot write %s\n", path);
            status = 2;
        }
        printf("%s: %d fixed\n", path, g_found - before);
    }
    free(out.s);
    free(text);
    return status;
}

int main(int argc, char **argv) {
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--fix") == 0) g_fix = true, first = 2;
    if (first >= argc || argv[first][0] == '-') {
        fprintf(stderr, "usage: zh_typography [--fix] FILE...\n");
        return 2;
    }
    int status = 0;
    for (int i = first; i < argc; i++) {
        int s = one_file(argv[i]);
        if (s > status) status = s;
    }
    if (status) return status;
    if (!g_fix && g_found) {
        printf("%d departure(s) from the zh-TW typography (lessons/README.md); fix with zh_typography --fix\n", g_found);
        return 1;
    }
    return 0;
}
