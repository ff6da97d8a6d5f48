// ascii_tex.c: see ascii_tex.h.
#include "ascii_tex.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "faults.h"

static void *tex_alloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) faults_out_of_memory("a formula", n);
    return p;
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
void md_math(Buf *b, const char *text) {
    size_t n = strlen(text);
    // words: [ws[k], we[k])
    size_t cap = 64, nw = 0;
    size_t *ws = tex_alloc(cap * sizeof *ws), *we = tex_alloc(cap * sizeof *we);
    for (size_t i = 0; i < n;) {
        while (i < n && isspace((unsigned char)text[i])) i++;
        if (i >= n) break;
        size_t j = i;
        while (j < n && !isspace((unsigned char)text[j])) j++;
        if (nw == cap) {
            cap *= 2;
            ws = realloc(ws, cap * sizeof *ws);
            we = realloc(we, cap * sizeof *we);
            if (!ws || !we) faults_out_of_memory("a formula", cap * sizeof *ws);
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

