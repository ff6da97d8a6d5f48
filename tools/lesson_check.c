// lesson_check.c: are the lessons whole? The test lessons.check runs it on
// every chapter program:
//
//   lesson_check --lessons DIR --plots DIR [--lang en] PROGRAM...
//
// For each chapter program (its claims from PROGRAM --list-claims) and its
// lesson DIR/LANG/chNN.md (lessons/README.md), it checks that
//   - every claim's scope is course or beyond, and an expected erratum (only
//     it) is weighed a slip or an error (--list-claims);
//   - the lesson parses, and has one section per claim and none besides;
//   - each section's source is the claim table's, its "says" is there, and it
//     has words for the verdict the course's settings give;
//   - each figure it names is a script plots/NAME.gp of the chapter, and every
//     script of the chapter is named by a claim; a script whose title names
//     its claims ("(ch04, claims 4.1-4.3)") is placed (at the first claim, in
//     the chapter's order, that names it) at one of them;
//   - the words a student reads stay within the budget of issue 27: each
//     claim's lesson (says, idea, the longest verdict sentence) at most
//     CLAIM_WORDS words besides its numbers, and the course's default print
//     (every chapter's opening, lessons and verdict table) at most
//     COURSE_WORDS words, counted as lesson_word_count counts them.
// It prints each chapter's count. Exit 0 when all holds, 1 otherwise (each
// problem one line), 2 on bad input.
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exitcodes.h"
#include "lesson.h"
#include "options.h"
#include "text_file.h"
#include "tsv.h"

enum { CLAIM_WORDS = 120, COURSE_WORDS = 6000 };
// The verdict table a chapter prints: its header lines, then one line a claim.
enum { TABLE_HEADER_WORDS = 14, TABLE_ROW_WORDS = 3 };   // (with the opening lines around the lesson)

static const char *const PROGRAM = "lesson_check";
static int g_problems;

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
    snprintf(command, sizeof command, "'%s' --list-claims", program);
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
    size_t words = lesson_word_count(lesson.title) + lesson_word_count(lesson.intro) + TABLE_HEADER_WORDS;
    for (size_t i = 0; i < n; i++) {
        // Scope and weight, as the claim table gives them (--list-claims): every
        // claim is the course's or beyond it; an expected erratum is a slip or an error.
        if (strcmp(claims[i].scope, "course") != 0 && strcmp(claims[i].scope, "beyond") != 0)
            problem(chapter, "claim %s: scope '%s', not course or beyond", claims[i].id, claims[i].scope);
        bool erratum = strcmp(claims[i].expected, "erratum") == 0;
        bool weighed = strcmp(claims[i].weight, "slip") == 0 || strcmp(claims[i].weight, "error") == 0;
        if (erratum != weighed)
            problem(chapter, "claim %s: weight '%s' (an expected erratum is a slip or an error; other claims -)",
                    claims[i].id, claims[i].weight);
        const LessonClaim *c = lesson_claim(&lesson, claims[i].id);
        if (c == NULL) {
            problem(chapter, "claim %s has no lesson%s", claims[i].id, "");
            continue;
        }
        if (c->source[0] && strcmp(c->source, claims[i].source) != 0)
            problem(chapter, "claim %s: the lesson's source is not the claim table's (%s)", claims[i].id,
                    claims[i].source);
        if (!c->says[0]) problem(chapter, "claim %s: no \"says:\" line%s", claims[i].id, "");
        bool has_expected = false;   // a plain section or one for a case
        for (size_t v = 0; v < c->n_verdicts; v++) has_expected = has_expected || strcmp(c->verdicts[v].verdict, claims[i].expected) == 0;
        if (!has_expected)
            problem(chapter, "claim %s: no words for its expected verdict \"%s\"", claims[i].id, claims[i].expected);
        size_t longest = 0, longest_numbers = 0;
        for (size_t v = 0; v < c->n_verdicts; v++) {
            size_t w = words_besides_numbers(c->verdicts[v].text);
            if (w > longest) longest = w;
            size_t all = lesson_word_count(c->verdicts[v].text);
            if (all > longest_numbers) longest_numbers = all;
        }
        size_t claim_words = words_besides_numbers(c->says) + words_besides_numbers(c->idea) + longest;
        if (claim_words > CLAIM_WORDS) {
            char count[64];
            snprintf(count, sizeof count, "%zu", claim_words);
            problem(chapter, "claim %s: its lesson has %s words besides numbers (at most 120)", claims[i].id, count);
        }
        // As printed: the header line, says, idea, figure line, verdict line.
        words += 3 + lesson_word_count(claims[i].source) + lesson_word_count(c->says) + lesson_word_count(c->idea) + (c->n_figures ? 1 + c->n_figures : 0) +
                 2 + longest_numbers + TABLE_ROW_WORDS;
    }
    for (size_t k = 0; k < lesson.n_claims; k++) {
        bool listed = false;
        for (size_t i = 0; i < n; i++) listed = listed || strcmp(claims[i].id, lesson.claims[k].id) == 0;
        if (!listed) problem(chapter, "the lesson has a section %s, which is not one of the chapter's claims%s",
                             lesson.claims[k].id, "");
    }
    // Figures: each script of the chapter named by exactly one claim.
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
            const LessonClaim *c = lesson_claim(&lesson, claims[i].id);
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
    for (size_t k = 0; k < lesson.n_claims; k++)
        for (size_t f = 0; f < lesson.claims[k].n_figures; f++) {
            char path[8192];
            snprintf(path, sizeof path, "%s/%s.gp", plots, lesson.claims[k].figures[f]);
            FILE *fp = fopen(path, "r");
            if (fp) fclose(fp);
            else problem(chapter, "claim %s names a figure with no script plots/%s.gp", lesson.claims[k].id,
                         lesson.claims[k].figures[f]);
        }
    names_free(scripts, n_scripts);
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
    };
    const char *programs[64];
    OptionArguments args = {.positional = programs, .max_positional = 64, .positional_what = "chapter program",
                            .positional_plural = "chapter programs"};
    OptionsResult r = options_parse_arguments(PROGRAM, "lesson_check: are the lessons whole?", specs,
                                              sizeof specs / sizeof specs[0], argc, argv, &args);
    size_t n_programs = args.n_positional;
    if (r == OPTIONS_HELP) return EXIT_AS_EXPECTED;
    if (r == OPTIONS_ERROR || lessons == NULL || plots == NULL || n_programs == 0) {
        fprintf(stderr, "usage: %s --lessons DIR --plots DIR [--lang en] PROGRAM...\n", PROGRAM);
        return EXIT_BAD_INPUT;
    }
    size_t total = 0;
    for (size_t i = 0; i < n_programs; i++) total += check_chapter(programs[i], lessons, plots, lang);
    printf("the course's default print: %zu words at most (budget %d)\n", total, COURSE_WORDS);
    if (n_programs >= 10 && total > COURSE_WORDS) {
        printf("over the budget\n");
        g_problems++;
    }
    if (g_problems) printf("%d problem(s)\n", g_problems);
    return g_problems ? EXIT_CLAIM_FAILED : EXIT_AS_EXPECTED;
}
