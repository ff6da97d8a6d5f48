// lesson_check.c: are the lessons whole? The test lessons.check runs it on
// every chapter program:
//
//   lesson_check --lessons DIR --plots DIR [--lang en] [--derived] PROGRAM...
//
// For each chapter program (its claims from PROGRAM --list-claims) and its
// lesson DIR/LANG/chNN.md (lessons/README.md), it checks that
//   - every claim's scope is course or beyond, and an expected erratum (only
//     it) is weighed a slip or an error (--list-claims);
//   - the lesson parses, has a "summary:" line under its title (--help opens
//     with it), and has one section per claim and none besides;
//   - each section's source is the claim table's, its "says", "expected" and
//     "key" lines and its evidence section are there, and it has words for the
//     verdict the course's settings give;
//   - each figure it names is a script plots/NAME.gp of the chapter, and every
//     script of the chapter is named by a claim; a script whose title names
//     its claims ("(ch04, claims 4.1-4.3)") is placed (at the first claim, in
//     the chapter's order, that names it) at one of them;
//   - the words a student reads stay within the budget of issue 27: each
//     claim's lesson (says, idea, the longest verdict sentence) at most
//     CLAIM_WORDS words besides its numbers, and the course's default print
//     (every chapter's opening, lessons and verdict table) at most
//     COURSE_WORDS words, counted as lesson_word_count counts them.
// A translation (--lang other than en) is also held to its English original:
//   - the same claims in the same order, with the same source, phrase and
//     figures, and the same verdict sections (verdict and case);
//   - the same placeholders ({name}, {name:.2f}) in the opening, and in each
//     claim's "says", idea, verdict and evidence sections and its key (a
//     choice {name?WORDS|WORDS} compares by its name);
//   - its exercises (LANG/exercises/chNN.tsv) the English ones' ids, in order,
//     each question and answer holding the same numbers as the English.
// Its word budget is the English original's (a CJK character is not a word).
// With --derived (zh-CN, made from zh-TW by OpenCC) the sources and phrases
// are the original's converted to Simplified characters: not compared.
// It prints each chapter's count. Exit 0 when all holds, 1 otherwise (each
// problem one line), 2 on bad input.
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/exitcodes.h"
#include "base/text_file.h"
#include "base/tsv.h"
#include "run/lesson.h"
#include "run/options.h"

enum { CLAIM_WORDS = 120, COURSE_WORDS = 6000 };
// The verdict table a chapter prints: its header lines, then one line a claim.
enum { TABLE_HEADER_WORDS = 14, TABLE_ROW_WORDS = 3 };   // (with the opening lines around the lesson)

static const char *const PROGRAM = "lesson_check";
static int g_problems;
static bool g_derived;             // --derived: the edition is made from another by the build (zh-CN from zh-TW)

static void problem(const char *chapter, const char *fmt, const char *a, const char *b) {
    printf("%s: ", chapter);
    printf(fmt, a, b);
    printf("\n");
    g_problems++;
}

// Words that are not numbers: runs holding a letter, and each CJK character.
static size_t words_besides_numbers(const char *text) {
    size_t all = lesson_word_count(text), numbers = 0;
    bool in_word = false, has_letter = false;
    for (const char *p = text;; p++) {
        bool word_char = *p && !isspace((unsigned char)*p) && (unsigned char)*p < 0x80;
        if (word_char) {
            if (!in_word) has_letter = false;
            in_word = true;
            if (isalpha((unsigned char)*p)) has_letter = true;
        } else {
            if (in_word && !has_letter) numbers++;
            in_word = false;
        }
        if (!*p) break;
    }
    return all > numbers ? all - numbers : 0;
}

typedef struct {
    char *id, *source, *expected, *scope, *weight;
} ListedClaim;

// PROGRAM --list-claims: its claims, in order.
static size_t listed_claims(const char *program, ListedClaim **out) {
    char command[4096];
    snprintf(command, sizeof command, "'%s' --lang en --list-claims", program);   // (its columns by their English names)
    FILE *p = popen(command, "r");
    size_t n = 0, cap = 16;
    *out = malloc(cap * sizeof **out);
    if (p == NULL || *out == NULL) return 0;
    char line[8192];
    bool header = true;
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        if (header) {
            header = false;
            continue;
        }
        char *f[16];
        size_t nf = tsv_split(line, f, 16);
        if (nf < 5) continue;
        if (n == cap) *out = realloc(*out, (cap *= 2) * sizeof **out);
        (*out)[n++] = (ListedClaim){text_copy(f[2]), text_copy(f[3]), text_copy(f[4]), text_copy(nf > 7 ? f[7] : ""),
                                    text_copy(nf > 8 ? f[8] : "")};
    }
    pclose(p);
    return n;
}

// The claim ids a script's title names: "(ch04, claims 4.1-4.3)", "(ch01, claims 1.1 and 1.4)".
static bool title_allows(const char *script_text, const char *chapter, const char *id) {
    char tag[32];
    snprintf(tag, sizeof tag, "(%s, claim", chapter);
    const char *at = strstr(script_text, tag);
    if (at == NULL) return true;   // the title names none
    at += strlen(tag);
    if (*at == 's') at++;
    const char *end = strchr(at, ')');
    if (end == NULL) return true;
    char list[256];
    snprintf(list, sizeof list, "%.*s", (int)(end - at), at);
    for (char *save = NULL, *item = strtok_r(list, " ,", &save); item; item = strtok_r(NULL, " ,", &save)) {
        if (strcmp(item, "and") == 0) continue;
        int major, lo, major2, hi;
        if (sscanf(item, "%d.%d-%d.%d", &major, &lo, &major2, &hi) == 4) {
            int m, k;
            if (sscanf(id, "%d.%d", &m, &k) == 2 && m == major && k >= lo && k <= hi) return true;
        } else if (strcmp(item, id) == 0) {
            return true;
        }
    }
    return false;
}

static bool any_name(const char *name, const void *unused) {
    (void)unused;
    return name[0] != '.';
}

// ---- a translation against its English original --------------------------------

// The n strings sorted and joined by spaces, a new string (they are freed):
// two texts' placeholders or numbers compare as these.
static char *sorted_joined(char **found, size_t n) {
    for (size_t i = 1; i < n; i++)   // (insertion sort: a handful)
        for (size_t j = i; j > 0 && strcmp(found[j - 1], found[j]) > 0; j--) {
            char *t = found[j];
            found[j] = found[j - 1], found[j - 1] = t;
        }
    Buf joined = {0};
    buf_puts(&joined, "");
    for (size_t i = 0; i < n; i++) {
        if (i) buf_puts(&joined, " ");
        buf_puts(&joined, found[i]);
        free(found[i]);
    }
    return buf_take(&joined);
}

// The placeholders of a Markdown text outside maths and code, sorted, joined
// by spaces: "{max_error:.1e} {measured}".
static char *placeholders(const char *text) {
    char *found[256];
    size_t n = 0;
    for (const char *p = text; *p && n < 256;) {
        if (p[0] == '$') {   // maths: $...$ or $$...$$
            size_t fence = p[1] == '$' ? 2 : 1;
            const char *end = strstr(p + fence, fence == 2 ? "$$" : "$");
            p = end ? end + fence : p + strlen(p);
        } else if (p[0] == '`') {
            const char *end = strchr(p + 1, '`');
            p = end ? end + 1 : p + strlen(p);
        } else if (p[0] == '{' && p[1] == '{') {
            p += 2;
        } else if (p[0] == '{') {
            const char *end = strchr(p, '}');
            if (end == NULL) break;
            size_t len = (size_t)(end - p) + 1;
            // {name?WORDS|WORDS}: the words are the language's, the name is compared
            const char *choice = memchr(p + 2, '?', len - 2);
            if (choice) len = (size_t)(choice - p) + 2;
            found[n] = malloc(len + 1);
            memcpy(found[n], p, len);
            if (choice) found[n][len - 1] = '}';
            found[n++][len] = '\0';
            p = end + 1;
        } else {
            p++;
        }
    }
    return sorted_joined(found, n);
}

static void same_placeholders(const char *chapter, const char *where, const char *english, const char *translated) {
    char *a = placeholders(english), *b = placeholders(translated);
    if (strcmp(a, b) != 0) {
        char what[600];
        snprintf(what, sizeof what, "English \"%s\", translation \"%s\"", a, b);
        problem(chapter, "%s: not the English placeholders: %s", where, what);
    }
    free(a), free(b);
}

static void same_text(const char *chapter, const char *id, const char *what, const char *english,
                      const char *translated) {
    if (strcmp(english, translated) != 0) {
        char where[64];
        snprintf(where, sizeof where, "claim %s", id);
        problem(chapter, "%s: its %s is not the English one's", where, what);
    }
}

// The numbers of a text (runs of digits, with a decimal point or exponent
// inside; a circled digit ④ is 4), sorted, joined by spaces: what a
// translation must keep.
static char *numbers_of(const char *text) {
    char *found[512];
    size_t n = 0;
    for (const char *p = text; *p && n < 512;) {
        // A circled digit (① .. ⑨, U+2460 .. U+2468: Doc A's 第④項) is that digit.
        const unsigned char *u = (const unsigned char *)p;
        if (u[0] == 0xE2 && u[1] == 0x91 && u[2] >= 0xA0 && u[2] <= 0xA8) {
            found[n] = malloc(2);
            found[n][0] = (char)('1' + (u[2] - 0xA0));
            found[n++][1] = '\0';
            p += 3;
            continue;
        }
        if (isdigit((unsigned char)*p)) {
            const char *start = p;
            while (isdigit((unsigned char)*p) || ((*p == '.' || *p == 'e') && isdigit((unsigned char)p[1])) ||
                   (*p == 'e' && (p[1] == '-' || p[1] == '+') && isdigit((unsigned char)p[2])))
                p += (*p == 'e' && !isdigit((unsigned char)p[1])) ? 2 : 1;
            size_t len = (size_t)(p - start);
            found[n] = malloc(len + 1);
            memcpy(found[n], start, len);
            found[n++][len] = '\0';
        } else {
            p++;
        }
    }
    return sorted_joined(found, n);
}

// exercises/chNN.tsv (English) against LANG/exercises/chNN.tsv.
static void compare_exercises(const char *chapter, const char *lessons, const char *lang) {
    char path[4096];
    snprintf(path, sizeof path, "%s/../exercises/%s.tsv", lessons, chapter);
    char *english = text_file_read(path, NULL);
    char name[64];
    snprintf(name, sizeof name, "exercises/%s", chapter);
    const char *embedded = lesson_source(lang, name);
    snprintf(path, sizeof path, "%s/%s/exercises/%s.tsv", lessons, lang, chapter);
    char *translated = text_file_read(path, NULL);
    if (translated == NULL && embedded) translated = text_copy(embedded);
    if (english == NULL || translated == NULL) {
        if (english && translated == NULL) problem(chapter, "no %s/exercises/%s.tsv", lang, chapter);
        free(english), free(translated);
        return;
    }
    char **en_lines, **tr_lines;
    size_t n_en = text_file_lines(english, &en_lines), n_tr = text_file_lines(translated, &tr_lines);
    size_t i = 0, j = 0;
    for (;;) {
        while (i < n_en && (en_lines[i][0] == '#' || strncmp(en_lines[i], "id\t", 3) == 0 || !en_lines[i][0])) i++;
        while (j < n_tr && (tr_lines[j][0] == '#' || strncmp(tr_lines[j], "id\t", 3) == 0 || !tr_lines[j][0])) j++;
        if (i >= n_en || j >= n_tr) break;
        char *e[8], *t[8];
        size_t ne = tsv_split(en_lines[i], e, 8), nt = tsv_split(tr_lines[j], t, 8);
        if (ne < 4 || nt != 3 || strcmp(e[0], t[0]) != 0) {
            problem(chapter, "exercise %s: the translation's line is not \"%s<TAB>question<TAB>answer\"", e[0], e[0]);
        } else {
            const char *parts[2][2] = {{e[1], t[1]}, {e[3], t[2]}};
            const char *names[2] = {"question", "answer"};
            for (int k = 0; k < 2; k++) {
                char *a = numbers_of(parts[k][0]), *b = numbers_of(parts[k][1]);
                if (strcmp(a, b) != 0) {
                    char what[900];
                    snprintf(what, sizeof what, "%s: English numbers \"%s\", translation \"%s\"", names[k], a, b);
                    problem(chapter, "exercise %s: %s", e[0], what);
                }
                free(a), free(b);
            }
        }
        i++, j++;
    }
    if (i < n_en || j < n_tr) problem(chapter, "the %s exercises are not the English ones, line for line%s", lang, "");
    free(en_lines), free(tr_lines), free(english), free(translated);
}

static void compare_with_english(const char *chapter, const char *lessons, const char *lang, const Lesson *tr) {
    char *text = lesson_text(lessons, "en", chapter);
    Lesson en;
    char why[256];
    if (text == NULL || !lesson_parse(text, &en, why, sizeof why)) {
        problem(chapter, "the English lesson is missing or does not parse%s%s", "", "");
        free(text);
        return;
    }
    free(text);
    same_placeholders(chapter, "the opening", en.intro, tr->intro);
    if (en.n_claims != tr->n_claims) problem(chapter, "not the English lesson's claims%s%s", "", "");
    for (size_t k = 0; k < en.n_claims && k < tr->n_claims; k++) {
        const LessonClaim *a = &en.claims[k], *b = &tr->claims[k];
        if (strcmp(a->id, b->id) != 0) {
            problem(chapter, "claim %s stands where the English has %s", b->id, a->id);
            continue;
        }
        if (!g_derived) {   // (a derived edition's are its source's, converted)
            same_text(chapter, a->id, "source", a->source, b->source);
            same_text(chapter, a->id, "phrase", a->phrase, b->phrase);
        }
        bool figures = a->n_figures == b->n_figures;
        for (size_t f = 0; figures && f < a->n_figures; f++) figures = strcmp(a->figures[f], b->figures[f]) == 0;
        if (!figures) problem(chapter, "claim %s: not the English figures%s", a->id, "");
        char where[96];
        snprintf(where, sizeof where, "claim %s, says", a->id);
        same_placeholders(chapter, where, a->says, b->says);
        snprintf(where, sizeof where, "claim %s, idea", a->id);
        same_placeholders(chapter, where, a->idea, b->idea);
        snprintf(where, sizeof where, "claim %s, evidence", a->id);
        same_placeholders(chapter, where, a->evidence, b->evidence);
        snprintf(where, sizeof where, "claim %s, key", a->id);
        same_placeholders(chapter, where, a->key, b->key);
        if ((a->expected[0] != '\0') != (b->expected[0] != '\0'))
            problem(chapter, "claim %s: an \"expected:\" line in one language only%s", a->id, "");
        if ((a->evidence[0] != '\0') != (b->evidence[0] != '\0'))
            problem(chapter, "claim %s: a \"### evidence\" section in one language only%s", a->id, "");
        bool sections = a->n_verdicts == b->n_verdicts;
        for (size_t v = 0; sections && v < a->n_verdicts; v++) {
            sections = strcmp(a->verdicts[v].verdict, b->verdicts[v].verdict) == 0 &&
                       strcmp(a->verdicts[v].when, b->verdicts[v].when) == 0;
            if (!sections) break;
            snprintf(where, sizeof where, "claim %s, \"%s%s%s\"", a->id, a->verdicts[v].verdict,
                     a->verdicts[v].when[0] ? " when " : "", a->verdicts[v].when);
            same_placeholders(chapter, where, a->verdicts[v].text, b->verdicts[v].text);
        }
        if (!sections) problem(chapter, "claim %s: not the English verdict sections%s", a->id, "");
    }
    lesson_free(&en);
    compare_exercises(chapter, lessons, lang);
}

// One claim of the chapter (as --list-claims lists it) against its lesson;
// returns the words its lesson adds to the default print (0: it has none).
static size_t check_claim(const char *chapter, const Lesson *lesson, const ListedClaim *claim, bool english) {
    // Scope and weight, as the claim table gives them (--list-claims): every
    // claim is the course's or beyond it; an expected erratum is a slip or an error.
    if (strcmp(claim->scope, "course") != 0 && strcmp(claim->scope, "beyond") != 0)
        problem(chapter, "claim %s: scope '%s', not course or beyond", claim->id, claim->scope);
    bool erratum = strcmp(claim->expected, "erratum") == 0;
    bool weighed = strcmp(claim->weight, "slip") == 0 || strcmp(claim->weight, "error") == 0;
    if (erratum != weighed)
        problem(chapter, "claim %s: weight '%s' (an expected erratum is a slip or an error; other claims -)",
                claim->id, claim->weight);
    const LessonClaim *c = lesson_claim(lesson, claim->id);
    if (c == NULL) {
        problem(chapter, "claim %s has no lesson%s", claim->id, "");
        return 0;
    }
    if (!g_derived && c->source[0] && strcmp(c->source, claim->source) != 0)
        problem(chapter, "claim %s: the lesson's source is not the claim table's (%s)", claim->id, claim->source);
    if (!c->says[0]) problem(chapter, "claim %s: no \"says:\" line%s", claim->id, "");
    // (the claim's words are the lesson's only: the claim table's reason, its key number's label, its evidence)
    if (!c->expected[0]) problem(chapter, "claim %s: no \"expected:\" line%s", claim->id, "");
    if (!c->key[0]) problem(chapter, "claim %s: no \"key:\" line%s", claim->id, "");
    if (!c->evidence[0]) problem(chapter, "claim %s: no \"### evidence\" section%s", claim->id, "");
    bool has_expected = false;   // a plain section or one for a case
    for (size_t v = 0; v < c->n_verdicts; v++) has_expected = has_expected || strcmp(c->verdicts[v].verdict, claim->expected) == 0;
    if (!has_expected)
        problem(chapter, "claim %s: no words for its expected verdict \"%s\"", claim->id, claim->expected);
    size_t longest = 0, longest_numbers = 0;
    for (size_t v = 0; v < c->n_verdicts; v++) {
        size_t w = words_besides_numbers(c->verdicts[v].text);
        if (w > longest) longest = w;
        size_t all = lesson_word_count(c->verdicts[v].text);
        if (all > longest_numbers) longest_numbers = all;
    }
    size_t claim_words = words_besides_numbers(c->says) + words_besides_numbers(c->idea) + longest;
    if (english && claim_words > CLAIM_WORDS) {
        char count[64];
        snprintf(count, sizeof count, "%zu", claim_words);
        problem(chapter, "claim %s: its lesson has %s words besides numbers (at most 120)", claim->id, count);
    }
    // As printed: the header line, says, idea, figure line, verdict line.
    return 3 + lesson_word_count(claim->source) + lesson_word_count(c->says) + lesson_word_count(c->idea) + (c->n_figures ? 1 + c->n_figures : 0) +
           2 + longest_numbers + TABLE_ROW_WORDS;
}

// Figures: each script of the chapter named by exactly one claim (its title
// naming no other claim), and each figure a claim names has a script.
static void check_figures(const char *chapter, const char *plots, const Lesson *lesson, const ListedClaim *claims,
                          size_t n) {
    char **scripts;
    size_t n_scripts = folder_names(plots, any_name, NULL, &scripts);
    for (size_t s = 0; s < n_scripts; s++) {
        size_t len = strlen(scripts[s]);
        if (strncmp(scripts[s], chapter, 4) != 0 || scripts[s][4] != '_' || len < 4 ||
            strcmp(scripts[s] + len - 3, ".gp") != 0)
            continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len - 3), scripts[s]);
        // Placed at the first claim, in the chapter's order, whose lesson names it.
        const char *placed = NULL;
        for (size_t i = 0; i < n && !placed; i++) {
            const LessonClaim *c = lesson_claim(lesson, claims[i].id);
            for (size_t f = 0; c && f < c->n_figures; f++)
                if (strcmp(c->figures[f], name) == 0) placed = c->id;
        }
        if (placed == NULL) {
            problem(chapter, "plots/%s.gp is named by no claim's figure line%s", name, "");
            continue;
        }
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", plots, scripts[s]);
        char *script = text_file_read(path, NULL);
        if (script && !title_allows(script, chapter, placed))
            problem(chapter, "plots/%s.gp: its title names other claims than %s", name, placed);
        free(script);
    }
    for (size_t k = 0; k < lesson->n_claims; k++)
        for (size_t f = 0; f < lesson->claims[k].n_figures; f++) {
            char path[8192];
            snprintf(path, sizeof path, "%s/%s.gp", plots, lesson->claims[k].figures[f]);
            FILE *fp = fopen(path, "r");
            if (fp) fclose(fp);
            else problem(chapter, "claim %s names a figure with no script plots/%s.gp", lesson->claims[k].id,
                         lesson->claims[k].figures[f]);
        }
    names_free(scripts, n_scripts);
}

// One chapter; returns the words of its default print.
static size_t check_chapter(const char *program, const char *lessons, const char *plots, const char *lang) {
    const char *base = strrchr(program, '/') ? strrchr(program, '/') + 1 : program;
    char chapter[8];
    snprintf(chapter, sizeof chapter, "%.4s", base);
    ListedClaim *claims;
    size_t n = listed_claims(program, &claims);
    if (n == 0) problem(chapter, "%s --list-claims listed no claims%s", program, "");
    char *text = lesson_text(lessons, lang, chapter);
    if (text == NULL) {
        problem(chapter, "no lesson %s/%s.md", lang, chapter);
        return 0;
    }
    Lesson lesson;
    char why[256];
    if (!lesson_parse(text, &lesson, why, sizeof why)) {
        problem(chapter, "the lesson does not parse: %s%s", why, "");
        free(text);
        return 0;
    }
    free(text);
    bool english = strcmp(lang, "en") == 0;
    // The chapter's summary (--help opens with it): in every language.
    if (!lesson.summary[0]) problem(chapter, "no \"summary:\" line under the title%s%s", "", "");
    if (!english) compare_with_english(chapter, lessons, lang, &lesson);
    size_t words = lesson_word_count(lesson.title) + lesson_word_count(lesson.intro) + TABLE_HEADER_WORDS;
    for (size_t i = 0; i < n; i++) words += check_claim(chapter, &lesson, &claims[i], english);
    for (size_t k = 0; k < lesson.n_claims; k++) {
        bool listed = false;
        for (size_t i = 0; i < n; i++) listed = listed || strcmp(claims[i].id, lesson.claims[k].id) == 0;
        if (!listed) problem(chapter, "the lesson has a section %s, which is not one of the chapter's claims%s",
                             lesson.claims[k].id, "");
    }
    check_figures(chapter, plots, &lesson, claims, n);
    for (size_t i = 0; i < n; i++)
        free(claims[i].id), free(claims[i].source), free(claims[i].expected), free(claims[i].scope),
            free(claims[i].weight);
    free(claims);
    lesson_free(&lesson);
    printf("%s: %zu words in its default print at most\n", chapter, words);
    return words;
}

int main(int argc, char **argv) {
    const char *lessons = NULL, *plots = NULL, *lang = "en";
    OptionSpec specs[] = {
        {"--lessons", OPTION_TEXT, &lessons, 0, 0, 0, "DIR", "the lessons folder"},
        {"--plots", OPTION_TEXT, &plots, 0, 0, 0, "DIR", "the figure scripts"},
        {"--lang", OPTION_TEXT, &lang, 0, 0, 0, "LANG", "the language (default: en)"},
        {"--derived", OPTION_FLAG, &g_derived, 0, 0, 0, NULL,
         "the edition is derived by the build (zh-CN from zh-TW by OpenCC): its sources and phrases are "
         "the original's converted, not compared"},
    };
    const char *programs[64];
    OptionArguments args = {.positional = programs, .max_positional = 64, .positional_what = "chapter program",
                            .positional_plural = "chapter programs"};
    OptionsResult r = options_parse_arguments(PROGRAM, "lesson_check: are the lessons whole?", specs,
                                              sizeof specs / sizeof specs[0], argc, argv, &args);
    size_t n_programs = args.n_positional;
    if (r == OPTIONS_HELP) return EXIT_AS_EXPECTED;
    if (r == OPTIONS_ERROR || lessons == NULL || plots == NULL || n_programs == 0) {
        fprintf(stderr, "usage: %s --lessons DIR --plots DIR [--lang en] [--derived] PROGRAM...\n", PROGRAM);
        return EXIT_BAD_INPUT;
    }
    size_t total = 0;
    for (size_t i = 0; i < n_programs; i++) total += check_chapter(programs[i], lessons, plots, lang);
    printf("the course's default print: %zu words at most (budget %d)\n", total, COURSE_WORDS);
    if (n_programs >= 10 && total > COURSE_WORDS && strcmp(lang, "en") == 0) {
        printf("over the budget\n");
        g_problems++;
    }
    if (g_problems) printf("%d problem(s)\n", g_problems);
    return g_problems ? EXIT_CLAIM_FAILED : EXIT_AS_EXPECTED;
}
