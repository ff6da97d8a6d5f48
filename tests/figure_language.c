// figure_language.c: is a figure drawn in Chinese? (the tests chNN.figure.NAME.zh-TW
// and .zh-CN, tests/CMakeLists.txt; the words come from lessons/LANG/figure_words.tsv)
//
//   figure_language --font FACE SVG
//
// Reads the texts of an SVG that gnuplot drew (each <text> element, its
// <tspan> pieces joined as enhanced text draws them) and fails when:
//   - no text holds a CJK character (the words were not the language's);
//   - a text with a CJK character is not set in FACE (another face would
//     draw it with whichever glyph forms a fallback font has: the Traditional
//     or the Simplified forms come from naming Noto Sans CJK TC or SC);
//   - a text holds a run of four or more English words (whitespace-separated
//     tokens of two or more ASCII letters, their punctuation aside), leaving
//     out what stands between 「 and 」 (zh-CN: “ and ”): a quotation of the corpus. Symbols,
//     maths and single names (RoPE, Adam, SGNS, a corpus word) never make
//     such a run.
// Exit 0 when the figure passes, 1 otherwise (each problem on a line), 2 on
// bad arguments or an unreadable file.
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text_file.h"

enum { RUN_LIMIT = 4 };

// The code point of the UTF-8 sequence at p (its length in *len); 0xFFFD for a bad byte.
static unsigned long code_point(const unsigned char *p, size_t *len) {
    if (p[0] < 0x80) return *len = 1, p[0];
    size_t n = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC0 ? 2 : 1;
    unsigned long c = n == 4 ? p[0] & 0x07u : n == 3 ? p[0] & 0x0Fu : p[0] & 0x1Fu;
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) return *len = 1, 0xFFFD;
        c = (c << 6) | (p[i] & 0x3Fu);
    }
    *len = n;
    return n == 1 ? 0xFFFD : c;
}

// CJK unified ideographs (and extension A): the characters of Chinese words.
static bool is_cjk(unsigned long c) { return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF); }

static bool has_cjk(const char *s) {
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t len;
        if (is_cjk(code_point(p, &len))) return true;
        p += len;
    }
    return false;
}

// 'text' without what stands between 「 and 」, or zh-CN's “ and ” (in place).
static void drop_quotations(char *text) {
    static const char *const MARKS[][2] = {{"「", "」"}, {"“", "”"}};
    for (size_t k = 0; k < sizeof MARKS / sizeof MARKS[0]; k++) {
        char *open;
        while ((open = strstr(text, MARKS[k][0])) != NULL) {
            char *close = strstr(open, MARKS[k][1]);
            if (close == NULL) break;
            close += strlen(MARKS[k][1]);
            memmove(open, close, strlen(close) + 1);
        }
    }
}

// The longest run of English words in 'text'; *start is where it begins.
static int english_run(const char *text, const char **start) {
    int run = 0, longest = 0;
    const char *p = text, *run_start = text;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        if (*p == '\0') break;
        const char *token = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n') p++;
        // a word: ASCII letters, with at most an opening ( " and closing , . ; : ) " ' ! ? around them
        const char *a = token, *b = p;
        while (a < b && strchr("(\"'", *a)) a++;
        while (b > a && strchr(",.;:)\"'!?", b[-1])) b--;
        bool word = b - a >= 2;
        for (const char *q = a; word && q < b; q++) word = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z');
        if (word) {
            if (run++ == 0) run_start = token;
            if (run > longest) longest = run, *start = run_start;
        } else {
            run = 0;
        }
    }
    return longest;
}

// One <text> element's characters (tags left out, entities as one '_'), a new string.
static char *text_of(const char *element, const char *end) {
    char *out = malloc((size_t)(end - element) + 1);
    if (out == NULL) exit(2);
    size_t n = 0;
    for (const char *p = element; p < end; p++) {
        if (*p == '<') {
            const char *close = memchr(p, '>', (size_t)(end - p));
            if (close == NULL) break;
            p = close;
        } else if (*p == '&') {
            const char *semi = memchr(p, ';', (size_t)(end - p));
            out[n++] = '_';
            if (semi) p = semi;
        } else {
            out[n++] = *p;
        }
    }
    out[n] = '\0';
    return out;
}

// The font-family of the element's first piece, else (plain text, not
// enhanced) of the group it stands in: the last one named before it ("" when
// none is). A new string.
static char *family_of(const char *svg, const char *element, const char *end) {
    static const char ATTR[] = "font-family=\"";
    const char *at = strstr(element, ATTR);
    if (at == NULL || at > end) {
        at = NULL;
        for (const char *p = svg; (p = strstr(p, ATTR)) != NULL && p < element; p++) at = p;
    }
    if (at == NULL) return text_copy("");
    at += sizeof ATTR - 1;
    const char *q = strchr(at, '"');
    size_t len = q ? (size_t)(q - at) : 0;
    char *family = malloc(len + 1);
    if (family == NULL) exit(2);
    memcpy(family, at, len);
    family[len] = '\0';
    return family;
}

int main(int argc, char **argv) {
    if (argc != 4 || strcmp(argv[1], "--font") != 0) {
        fprintf(stderr, "usage: figure_language --font FACE SVG\n");
        return 2;
    }
    const char *face = argv[2], *path = argv[3];
    char *svg = text_file_read(path, NULL);
    if (svg == NULL) {
        fprintf(stderr, "figure_language: cannot read %s\n", path);
        return 2;
    }
    int texts = 0, chinese = 0, problems = 0;
    for (const char *p = svg; (p = strstr(p, "<text")) != NULL;) {
        const char *end = strstr(p, "</text>");
        if (end == NULL) break;
        char *text = text_of(p, end), *family = family_of(svg, p, end);
        texts++;
        if (has_cjk(text)) {
            chinese++;
            if (strcmp(family, face) != 0)
                printf("FAIL not in %s but in '%s': %s\n", face, family, text), problems++;
        }
        drop_quotations(text);
        const char *start = text;
        int run = english_run(text, &start);
        if (run >= RUN_LIMIT) printf("FAIL %d English words in a row: %s\n", run, start), problems++;
        free(text);
        free(family);
        p = end;
    }
    if (chinese == 0) printf("FAIL none of the %d texts holds a Chinese character\n", texts), problems++;
    if (problems == 0) printf("ok: %d texts, %d with Chinese words, all in %s; no run of %d English words\n", texts,
                              chinese, face, RUN_LIMIT);
    free(svg);
    return problems ? 1 : 0;
}
