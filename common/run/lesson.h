// lesson.h: a chapter's lessons (lessons/LANG/chNN.md, described in
// lessons/README.md) and the one renderer that fills in a run's numbers, for
// every writer: the chapter's terminal output, REPORT.md and the pages.
//
// The lesson files are embedded in the programs at build time
// (tools/embed_lessons.cmake makes lessons_embedded.c), so a chapter needs no
// file beside it to teach.
//
//   const char *text = lesson_source("en", "ch03");
//   Lesson lesson;
//   if (!lesson_parse(text, &lesson, why, sizeof why)) ...
//   const LessonClaim *c = lesson_claim(&lesson, "3.5");
//   char *md = lesson_render(lesson_verdict_text(c, "erratum", case), &values, why, sizeof why);
//   ...
//   lesson_free(&lesson);
#ifndef WORKBOOK_LESSON_H
#define WORKBOOK_LESSON_H

#include <stdbool.h>
#include <stddef.h>

// ---- the numbers a claim recorded (values.tsv) -------------------------------

typedef struct {
    char *name;                    // "max_error"
    char *value;                   // "%.17g" of a number, or a short text
} LessonValue;

typedef struct {
    LessonValue *items;
    size_t n, cap;
} LessonValues;

// Add (or replace) a value; the strings are copied. Out of memory exits (faults.h).
void lesson_values_set(LessonValues *v, const char *name, const char *value);
void lesson_values_set_number(LessonValues *v, const char *name, double x);
const char *lesson_values_get(const LessonValues *v, const char *name);   // NULL when absent
void lesson_values_free(LessonValues *v);

// ---- a chapter's lesson file -------------------------------------------------

typedef struct {
    char *verdict;                 // "holds", "partly holds", "erratum", "does not hold"
    char *when;                    // the case, or "" for the plain section
    char *text;                    // Markdown with {placeholders}
} LessonVerdictText;

typedef struct {
    char *id;                      // "3.5"
    char *source, *phrase, *says;  // "" when absent
    char *expected;                // why the verdict is expected (the claim table's reason), "" when absent
    char *key;                     // what the key number is, with placeholders, "" when absent
    char **figures;                // names from plots/ (no .gp)
    size_t n_figures;
    char *idea;                    // Markdown: the idea and its formula
    LessonVerdictText *verdicts;
    size_t n_verdicts;
    char *evidence;                // Markdown: the "### evidence" section, "" when absent
} LessonClaim;

typedef struct {
    char *title;
    char *summary;                 // the chapter in one paragraph (its "summary:" line; "" when absent):
                                   // --help, chapter.txt, the contents of the report and the pages
    char *intro;                   // Markdown: the chapter's opening lesson
    LessonClaim *claims;
    size_t n_claims;
} Lesson;

// The embedded files of lessons/ (generated: lessons_embedded.c; see
// tools/embed_lessons.cmake), ending with a row of NULLs. 'chapter' names the
// file: "ch03" (LANG/ch03.md), "exercises/ch03" (a translation's
// LANG/exercises/ch03.tsv), "figures" (LANG/figures.tsv: the captions),
// "glossary" (lessons/glossary.tsv under zh-TW; its zh-CN edition under zh-CN).
typedef struct {
    const char *lang, *chapter, *text;
} LessonSource;
extern const LessonSource LESSON_SOURCES[];

// The embedded text of that file, or NULL when there is none.
const char *lesson_source(const char *lang, const char *chapter);

// The text of lessons/LANG/CHAPTER.md: from the folder 'dir' (DIR/LANG/
// CHAPTER.md) when dir is not NULL and has a folder LANG, else the embedded
// one (the zh-CN edition is only embedded: the build derives it). A new
// string, or NULL when there is none.
char *lesson_text(const char *dir, const char *lang, const char *chapter);
// The same for any file of lessons/LANG/: NAME plus EXTENSION (".tsv").
char *lesson_file_text(const char *dir, const char *lang, const char *name, const char *extension);

// Parse a lesson file's text. False, with the line and the reason in 'why',
// when it does not follow lessons/README.md.
bool lesson_parse(const char *text, Lesson *out, char *why, size_t why_size);
void lesson_free(Lesson *lesson);

const LessonClaim *lesson_claim(const Lesson *lesson, const char *id);   // NULL when absent

// The verdict section for 'verdict' ("holds", ...) and 'when' (the recorded
// case, or NULL / ""): "VERDICT when CASE" if the lesson has it, else the
// plain "VERDICT" section; NULL when neither exists.
const char *lesson_verdict_text(const LessonClaim *claim, const char *verdict, const char *when);

// Fill the {placeholders} of 'text' from 'values' (lessons/README.md gives
// the forms): first a table row naming a table's columns ({T.col}) is
// repeated for each row recorded (values "T[0].col", "T[1].col", ...), then
// a paragraph, list item or table row starting with {?name} ({!name}) is
// kept only when the value is (is not) recorded and nonzero, then
// {name?WORDS|WORDS} picks its words and {name} and {name:spec} are filled. A value is inserted as text, not Markdown: its ASCII
// punctuation backslash-escaped ("9.5%" becomes "9\.5\%", shown as it was
// by a Markdown renderer and by lesson_plain). Returns a new string (free it), or NULL with the reason in
// 'why' (a name not recorded, a form not understood).
char *lesson_render(const char *text, const LessonValues *values, char *why, size_t why_size);

// Plain text made Markdown text, as lesson_render inserts a value (a new
// string): "9.5%" becomes "9\.5\%".
char *lesson_escaped(const char *text);

// A claim's lesson with the run's numbers: the parts every writer lays out.
typedef struct {
    const char *verdict;           // the run's verdict ("holds", ...)
    const char *lesson_case;       // the case the claim recorded ("" or NULL: none)
    const char *scope;             // "course" or "beyond"
    const char *weight;            // "slip", "error" or "-"
    const LessonValues *values;
} LessonRun;

typedef struct {
    char *says;                    // Markdown: "The course says: ... 「phrase」" or "Beyond the course: ..."
    char *idea;                    // Markdown: the idea and its formula
    char *verdict;                 // Markdown: the verdict sentence with its numbers ("" when the lesson has none for it)
    bool verdict_missing;          // the lesson has no words for this verdict (and case)
    char *evidence;                // Markdown: the evidence with its numbers and tables ("" when the lesson has none)
    char *key;                     // Markdown: what the key number is ("" when the lesson does not say)
    char *expected;                // Markdown: why the verdict is expected ("" when the lesson does not say)
} LessonParts;

// Fill 'parts' (free with lesson_parts_free). False, with the reason in
// 'why', when a placeholder cannot be filled.
bool lesson_render_claim(const LessonClaim *claim, const LessonRun *run, LessonParts *parts, char *why,
                         size_t why_size);
void lesson_parts_free(LessonParts *parts);

// The verdict as a reader meets it, in the current language (common/base/i18n.h):
// "holds", "erratum (a slip)", "erratum (an error)".
const char *lesson_verdict_words(const char *verdict, const char *weight);
// A claim's source as a reader meets it: "Doc B §4-2", in Chinese "文件 B §4-2".
// (A static buffer: use it before the next call.)
const char *lesson_source_label(const char *source);

// A number as {name} prints it (3 significant digits, integers whole).
void lesson_number(char *buf, size_t size, double x);

// Markdown with TeX to plain text for a terminal: paragraphs wrapped to
// 'width' columns (CJK text counted two a character and broken between
// characters), **, * and ` marks dropped, $...$ and $$...$$ shown as their
// TeX with a few commands made readable (\sin -> sin, \cdot -> ·, ...),
// display maths indented. Returns a new string.
char *lesson_plain(const char *markdown, int width);

// The length of the maths span starting at s ("$...$" or "$$...$$"; a
// backslash escapes the next character), 0 when s starts none.
size_t lesson_math_length(const char *s);

// A pipe table's line split into its cells (at most 'max'): a '|' inside
// maths or after a backslash is text; the line's leading and trailing '|'
// open and close it. Each cell is cells[i], lengths[i] bytes, spaces trimmed.
size_t lesson_table_cells(const char *line, size_t n, const char **cells, size_t *lengths, size_t max);
// True when the line is a table's alignment row ("|--:|:---|").
bool lesson_table_delimiter(const char *line, size_t n);

// Words in a text as a reader counts them: runs of letters or digits, and
// each CJK character as one (the word budget of lessons/README.md).
size_t lesson_word_count(const char *text);

#endif
