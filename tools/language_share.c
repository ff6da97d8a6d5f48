// language_share.c: is a Chinese output Chinese? Issue 41's language-share
// check. It reads a zh-TW or zh-CN output (a chapter's print, a REPORT, a
// page, a figure) and finds each run of English words a Chinese reader would
// have to read as English: MIN_RUN (4) or more English words in a row on one
// line. The tests (tests/language_share.cmake) run it on every such output.
//
//   language_share [--mode text|markdown|html|svg] [--allow FILE] [--min-run N]
//                  [--counts] [--name NAME] [FILE...]     (no FILE, or '-': stdin)
//
// What it prints: each run, "NAME:LINE: N English words: the run", then one
// line of counts per file (and their total over several files):
//   English words   the words that count (below), outside what is exempt;
//   CJK characters  Han ideographs (and kana, hangul, bopomofo);
//   English-only lines  lines with an English word and no CJK character.
// --counts prints only the total's numbers, tab-separated, in that order, then
// the lines with text and the runs. Exit 0: no run; 1: a run; 2: bad usage, an
// unreadable file or a malformed allow-list.
//
// The rules (docs/ENGINEERING.md, "The language share"):
//  1. What is not prose is taken out first, by mode (tools/checked_text.c):
//     text      `code` spans;
//     markdown  `code` spans, fenced blocks (except ```text: REPORT.md folds a
//               claim's evidence, prose, in those), indented code (four
//               spaces after a blank line or more code), maths ($..$, $$..$$,
//               also over lines, \(..\), \[..\]), HTML tags and comments, link
//               destinations ](..); a table's '|' ends a run, as a cell ends;
//               a backslash escape is its character;
//     html      tags and comments, <script>, <style>, <code>, <kbd>, <samp>,
//               <math>, and every element whose class is tex, tex-... or
//               katex... (the formulas, typeset or not); <pre> is text (the
//               pages' evidence is a <pre>: prose and tables to translate);
//               the alt, title and aria-label attributes are text; entities
//               decoded;
//     svg       the text of <text> and <title> elements (gnuplot's labels and
//               the legend's tooltips); <desc>, <style>, <script>, <metadata>
//               and the tags taken out.
//     A tag other than an inline one (a, span, b, strong, em, i, sup, sub,
//     tspan, ...) ends a run, as a line's end does.
//  2. The rest is cut into tokens at white space and at non-ASCII punctuation
//     and symbols (−, ×, ≤, →, ·). A CJK character, a wide punctuation mark
//     (，。「」) and a tag that ends a run break a run; nothing else does:
//     a number, a symbol or a code span between English words is neither a
//     word nor a break.
//  3. A token is an English word when, without the brackets, quotes and
//     punctuation around it, it is letters only (a hyphen or apostrophe inside
//     allowed: self-attention, course's), and it is not
//       - an option (starts with '-'), a file name or path (holds '.' or '/'),
//         an identifier (holds '_' or a digit: P_k, s_d128, ch03) or maths
//         (holds = ^ ( [ \ | + ...): none of those is letters only;
//       - a symbol: one letter (d, k, R), but 'a', 'A' and 'I' are words;
//       - a name or an acronym: a capital after its first letter (RoPE,
//         ALiBi, NoPE, SGNS, PPMI, SVD, BLAS, KaTeX, fastText);
//       - inside 「...」, 『...』, “...” or "..." on its line: quoted, it is
//         data (an example word, a sentence the model reads: chapter 0's
//         contexts, chapter 1's --sentence), not a sentence of the page;
//       - in the allow-list (--allow) as a name or term (gnuplot, Token,
//         Transformer), or one word of an allowed phrase standing in a row
//         (a paper's title, "Press et al.").
//     A token that is a number (a digit first) is no word either.
//  4. A run is the English words of one segment of a line (no break between
//     them). It is reported when it has --min-run words or more, unless every
//     one of them is data: an example word of the allow-list (chapter 0's
//     king, queen, bank ...) or a label followed directly by its number
//     (chapter 0's neighbour lists, "cash 0.69 savings 0.64 ..."): a list of
//     data, not a sentence. "king man woman" is data; "the word nearest king
//     is queen" is a sentence.
//
// The allow-list file: one entry a line, then " # " and why it is allowed
// (required: the list is reviewed, each entry with its reason); blank lines
// and lines starting with '#' are comments. An entry is a word (a name or a
// term), a phrase of several words, or "example: WORD..." (example words).
// Matching is exact (case-sensitive) on the words without the punctuation
// around them.
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/exitcodes.h"
#include "base/faults.h"
#include "base/text_file.h"
#include "base/utf8.h"
#include "run/options.h"
#include "checked_text.h"

static const char *const PROGRAM = "language_share";

enum { SHOWN_RUN_BYTES = 160 };   // a reported run is cut after this many bytes

// ---- the allow-list ----------------------------------------------------------
typedef struct {
    char **words;                  // a phrase's words, NULL-terminated
} Phrase;

typedef struct {
    char **words;
    size_t n;
} WordSet;

static WordSet g_names;            // allowed single words: never English words
static WordSet g_examples;         // example words: data (a run of these only is no sentence)
static Phrase *g_phrases;          // allowed phrases of two or more words
static size_t g_n_phrases;

static void *grow(void *p, size_t bytes) {
    void *q = realloc(p, bytes ? bytes : 1);
    if (q == NULL) faults_out_of_memory("the language share", bytes);
    return q;
}


// A token's core: without the brackets, quotes and punctuation around it.
static void token_core(const char **s, const char **e) {
    while (*s < *e && strchr("([{<\"'*_~", **s)) (*s)++;
    while (*e > *s && strchr(")]}>\"'*_~.,;:!?", (*e)[-1])) (*e)--;
}

static void set_add(WordSet *set, const char *word) {
    const char *s = word, *e = word + strlen(word);
    token_core(&s, &e);
    set->words = grow(set->words, (set->n + 1) * sizeof *set->words);
    char *w = grow(NULL, (size_t)(e - s) + 1);
    memcpy(w, s, (size_t)(e - s));
    w[e - s] = '\0';
    set->words[set->n++] = w;
}

static bool set_has(const WordSet *set, const char *w, size_t n) {
    for (size_t i = 0; i < set->n; i++)
        if (strlen(set->words[i]) == n && memcmp(set->words[i], w, n) == 0) return true;
    return false;
}

// Reads the allow-list; false (with one line on stderr) when it cannot be
// read or an entry has no reason.
static bool read_allow_list(const char *path) {
    char *text = text_file_read(path, NULL);
    if (text == NULL) {
        fprintf(stderr, "%s: --allow '%s': cannot be read\n", PROGRAM, path);
        return false;
    }
    char **lines;
    size_t n = text_file_lines(text, &lines);
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        char *line = lines[i];
        while (is_space(*line)) line++;
        if (*line == '\0' || *line == '#') continue;
        char *hash = strstr(line, " #");
        const char *why = hash ? hash + 2 : "";
        while (is_space(*why)) why++;
        if (hash == NULL || *why == '\0') {
            fprintf(stderr, "%s: %s:%zu: an entry needs its reason after ' # '\n", PROGRAM, path, i + 1);
            ok = false;
            continue;
        }
        *hash = '\0';
        bool examples = strncmp(line, "example:", 8) == 0;
        if (examples) line += 8;
        Phrase phrase = {NULL};
        size_t n_words = 0;
        for (char *w = strtok(line, " \t"); w; w = strtok(NULL, " \t")) {
            if (examples) {
                set_add(&g_examples, w);
                continue;
            }
            WordSet one = {NULL, 0};
            set_add(&one, w);
            phrase.words = grow(phrase.words, (n_words + 2) * sizeof *phrase.words);
            phrase.words[n_words++] = one.words[0];
            phrase.words[n_words] = NULL;
            free(one.words);
        }
        if (n_words == 1) {
            set_add(&g_names, phrase.words[0]);
            free(phrase.words[0]);
            free(phrase.words);
        } else if (n_words > 1) {
            g_phrases = grow(g_phrases, (g_n_phrases + 1) * sizeof *g_phrases);
            g_phrases[g_n_phrases++] = phrase;
        }
    }
    free(lines);
    free(text);
    return ok;
}

// ---- stage 2: tokens, words and runs ----------------------------------------
typedef enum { TOKEN_OTHER, TOKEN_NUMBER, TOKEN_WORD } TokenKind;

typedef struct {
    const char *start, *end;       // the token's core (without the punctuation around it)
    TokenKind kind;
    bool example;                  // a word of the allow-list's examples
    unsigned segment;              // tokens of one segment have no break between them
} Token;

// Han ideographs and the other CJK scripts: the characters that count.
static bool cjk_character(unsigned cp) {
    return (cp >= 0x2E80 && cp <= 0x2FDF) || (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3100 && cp <= 0x312F) ||
           (cp >= 0x31A0 && cp <= 0x31FF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
           (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x3FFFF);
}

// Non-ASCII punctuation and symbols that separate tokens without breaking a run.
static bool separator(unsigned cp) {
    return (cp >= 0x80 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x2BFF);
}

static bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool digit(char c) { return c >= '0' && c <= '9'; }

// Is the core [s, e) an English word (rule 3)?
static bool english_word(const char *s, const char *e) {
    size_t n = (size_t)(e - s);
    if (n == 0 || !letter(s[0]) || !letter(e[-1])) return false;
    for (const char *p = s; p < e; p++) {
        if (letter(*p)) continue;
        if ((*p == '-' || *p == '\'') && letter(p[-1]) && letter(p[1])) continue;
        return false;              // a digit, '_', '.', '/', maths, a non-ASCII letter
    }
    if (n == 1 && *s != 'a' && *s != 'A' && *s != 'I') return false;   // a symbol: d, k, R
    for (const char *p = s + 1; p < e; p++)
        if (*p >= 'A' && *p <= 'Z') return false;                         // RoPE, SVD, KaTeX
    return !set_has(&g_names, s, n);
}

// A number: a digit first (after a sign), then digits and . , % e E + -.
static bool number(const char *s, const char *e) {
    if (s < e && (*s == '-' || *s == '+')) s++;
    if (s >= e || !digit(*s)) return false;
    for (; s < e; s++)
        if (!digit(*s) && !strchr(".,%eE+-", *s)) return false;
    return true;
}

typedef struct {
    const char *name;
    size_t english_words, cjk_characters, english_only_lines, text_lines, runs;
} Counts;

static int g_min_run = 4;
static bool g_quiet_runs;          // --counts: no run printed

static void report_run(const Counts *c, size_t line_no, const Token *first, const Token *last, size_t words) {
    if (g_quiet_runs) return;
    size_t n = (size_t)(last->end - first->start);
    char *shown = grow(NULL, n + 1);
    for (size_t i = 0; i < n; i++) {
        char ch = first->start[i];
        shown[i] = ch == NEUTRAL || ch == BREAK || ch == '\t' ? ' ' : ch;
    }
    shown[n] = '\0';
    bool cut = n > SHOWN_RUN_BYTES;
    utf8_cut(shown, SHOWN_RUN_BYTES);
    printf("%s:%zu: %zu English words: %s%s\n", c->name, line_no, words, shown, cut ? " ..." : "");
    free(shown);
}

static void check_line(Counts *c, size_t line_no, const char *line, const char *end) {
    Token *tokens = NULL;
    size_t n_tokens = 0, cap = 0;
    unsigned segment = 0;
    int quoted = 0;                // inside 「...」, 『...』 or “...”
    size_t cjk = 0;
    // "...": the line's double quotes, paired in order (an odd last one quotes nothing)
    const char **marks = NULL;
    size_t n_marks = 0;
    for (const char *p = line; p < end; p++)
        if (*p == '"') {
            marks = grow(marks, (n_marks + 1) * sizeof *marks);
            marks[n_marks++] = p;
        }
    for (const char *p = line; p < end;) {
        unsigned cp;
        int len = utf8_decode((const unsigned char *)p, &cp);
        if (*p == NEUTRAL || is_space(*p) || (cp >= 0x80 && separator(cp))) {
            if (cp == 0x201C) quoted++;
            if (cp == 0x201D && quoted > 0) quoted--;
            p += len;
            continue;
        }
        if (*p == BREAK || (cp >= 0x80 && utf8_is_wide(cp))) {
            if (cjk_character(cp)) cjk++;
            if (cp == 0x300C || cp == 0x300E) quoted++;
            if ((cp == 0x300D || cp == 0x300F) && quoted > 0) quoted--;
            segment++;
            p += len;
            continue;
        }
        // a token: up to white space, a marker, a separator or a wide character
        const char *s = p;
        while (p < end) {
            int l = utf8_decode((const unsigned char *)p, &cp);
            if (*p == NEUTRAL || *p == BREAK || is_space(*p) || (cp >= 0x80 && (separator(cp) || utf8_is_wide(cp))))
                break;
            p += l;
        }
        const char *e = p;
        token_core(&s, &e);
        bool in_quotes = quoted > 0;
        for (size_t m = 0; m + 1 < n_marks && !in_quotes; m += 2) in_quotes = marks[m] < s && s < marks[m + 1];
        TokenKind kind = number(s, e)                                                 ? TOKEN_NUMBER
                         : !in_quotes && !(s < e && *s == '-') && english_word(s, e) ? TOKEN_WORD
                                                                                      : TOKEN_OTHER;
        if (cap == n_tokens) tokens = grow(tokens, (cap = cap ? 2 * cap : 32) * sizeof *tokens);
        tokens[n_tokens++] =
            (Token){s, e, kind, kind == TOKEN_WORD && set_has(&g_examples, s, (size_t)(e - s)), segment};
    }
    // allowed phrases: their words, in a row in one segment, are not English words
    for (size_t i = 0; i < n_tokens; i++)
        for (size_t f = 0; f < g_n_phrases; f++) {
            char **w = g_phrases[f].words;
            size_t k = 0;
            while (w[k] && i + k < n_tokens && tokens[i + k].segment == tokens[i].segment &&
                   strlen(w[k]) == (size_t)(tokens[i + k].end - tokens[i + k].start) &&
                   memcmp(w[k], tokens[i + k].start, strlen(w[k])) == 0)
                k++;
            if (w[k] == NULL)
                for (size_t j = 0; j < k; j++) tokens[i + j].kind = TOKEN_OTHER;
        }
    // runs: the words of a segment; one whose words are data (example words,
    // or labels each followed by its number: "cash 0.69 savings 0.64") is a
    // list, not a sentence. A list may carry a heading word and lose its last
    // number to a wrapped line ("horse  horses 0.75 ... saddle 0.63 mule"):
    // a run with at least three data words and at most two others is a list.
    size_t words = 0, run = 0, data = 0;
    const Token *first = NULL, *last = NULL;
    for (size_t i = 0; i <= n_tokens; i++) {
        bool ends = i == n_tokens || (first && tokens[i].segment != first->segment);
        bool list = data == run || (data >= 3 && run - data <= 2);
        if (ends && run >= (size_t)g_min_run && !list) {
            report_run(c, line_no, first, last, run);
            c->runs++;
        }
        if (ends) run = 0, data = 0, first = NULL;
        if (i == n_tokens) break;
        if (tokens[i].kind != TOKEN_WORD) continue;
        words++;
        if (run++ == 0) first = &tokens[i];
        last = &tokens[i];
        if (tokens[i].example ||
            (i + 1 < n_tokens && tokens[i + 1].kind == TOKEN_NUMBER && tokens[i + 1].segment == tokens[i].segment))
            data++;
    }
    c->english_words += words;
    c->cjk_characters += cjk;
    if (words && !cjk) c->english_only_lines++;
    if (words || cjk) c->text_lines++;
    free(marks);
    free(tokens);
}

static void check_text(Counts *c, const char *checked) {
    size_t line_no = 1;
    for (const char *line = checked;;) {
        const char *end = strchr(line, '\n');
        if (end == NULL) end = line + strlen(line);
        check_line(c, line_no++, line, end);
        if (*end == '\0') break;
        line = end + 1;
    }
}

static bool parse_mode(const char *text, Mode *mode) {
    static const char *const names[] = {"text", "markdown", "html", "svg"};
    for (int i = 0; i < 4; i++)
        if (strcmp(text, names[i]) == 0) {
            *mode = (Mode)i;
            return true;
        }
    return false;
}

static Mode mode_of_name(const char *path) {
    const char *dot = strrchr(path, '.');
    if (dot && strcmp(dot, ".md") == 0) return MODE_MARKDOWN;
    if (dot && (strcmp(dot, ".html") == 0 || strcmp(dot, ".htm") == 0)) return MODE_HTML;
    if (dot && strcmp(dot, ".svg") == 0) return MODE_SVG;
    return MODE_TEXT;
}

static void print_counts(const Counts *c) {
    printf("%s: %zu English words, %zu CJK characters, %zu English-only lines (of %zu lines with text); "
           "%zu runs of %d or more English words\n",
           c->name, c->english_words, c->cjk_characters, c->english_only_lines, c->text_lines, c->runs, g_min_run);
}

int main(int argc, char **argv) {
    const char *mode_text = NULL, *allow = NULL, *name = NULL;
    long min_run = 4;
    bool counts_only = false;
    OptionSpec specs[] = {
        {"--mode", OPTION_TEXT, &mode_text, 0, 0, 0, "MODE",
         "text, markdown, html or svg (default: from the file's name: .md, .html, .svg, else text)"},
        {"--allow", OPTION_TEXT, &allow, 0, 0, 0, "FILE", "the reviewed allow-list (one word or phrase a line, ' # why')"},
        {"--min-run", OPTION_INT, &min_run, 2, 1000, 0, "N", "English words in a row that make a run"},
        {"--counts", OPTION_FLAG, &counts_only, 0, 0, 0, NULL,
         "print only the total's counts, tab-separated: English words, CJK characters, English-only lines, "
         "lines with text, runs"},
        {"--name", OPTION_TEXT, &name, 0, 0, 0, "NAME", "the name shown for standard input (default: stdin)"},
    };
    const char *files[256];
    OptionArguments args = {.positional = files, .max_positional = 256, .positional_what = "file",
                            .positional_plural = "files"};
    OptionsResult r = options_parse_arguments(PROGRAM,
                                              "language_share: runs of English words in a Chinese output "
                                              "(FILE..., or standard input)",
                                              specs, sizeof specs / sizeof specs[0], argc, argv, &args);
    if (r == OPTIONS_HELP) return EXIT_AS_EXPECTED;
    if (r == OPTIONS_ERROR) return EXIT_BAD_INPUT;
    Mode forced = MODE_TEXT;
    if (mode_text && !parse_mode(mode_text, &forced)) {
        options_reject(PROGRAM, "--mode", mode_text, "expected text, markdown, html or svg");
        return EXIT_BAD_INPUT;
    }
    if (allow && !read_allow_list(allow)) return EXIT_BAD_INPUT;
    g_min_run = (int)min_run;
    g_quiet_runs = counts_only;
    size_t n_files = args.n_positional;
    if (n_files == 0) files[n_files++] = "-";
    Counts total = {"total", 0, 0, 0, 0, 0};
    for (size_t i = 0; i < n_files; i++) {
        bool is_stdin = strcmp(files[i], "-") == 0;
        char *text = text_file_read(is_stdin ? "/dev/stdin" : files[i], NULL);
        if (text == NULL) {
            fprintf(stderr, "%s: '%s': cannot be read as text\n", PROGRAM, files[i]);
            return EXIT_BAD_INPUT;
        }
        Mode mode = mode_text ? forced : is_stdin ? MODE_TEXT : mode_of_name(files[i]);
        Buf checked = {0};
        checked_text(&checked, text, mode);
        char *visible = buf_take(&checked);
        Counts c = {is_stdin ? (name ? name : "stdin") : files[i], 0, 0, 0, 0, 0};
        check_text(&c, visible);
        if (!counts_only) print_counts(&c);
        total.english_words += c.english_words;
        total.cjk_characters += c.cjk_characters;
        total.english_only_lines += c.english_only_lines;
        total.text_lines += c.text_lines;
        total.runs += c.runs;
        free(visible);
        free(text);
    }
    if (counts_only)
        printf("%zu\t%zu\t%zu\t%zu\t%zu\n", total.english_words, total.cjk_characters, total.english_only_lines,
               total.text_lines, total.runs);
    else if (n_files > 1)
        print_counts(&total);
    return total.runs ? EXIT_CLAIM_FAILED : EXIT_AS_EXPECTED;
}
