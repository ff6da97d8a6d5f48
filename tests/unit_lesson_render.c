// unit_lesson_render.c: the renderer's evidence forms (common/run/lesson.h,
// lessons/README.md): a table's row template repeated per recorded row,
// paragraphs and rows kept on a condition, words chosen by a number, the
// ### evidence section and the key:/expected: lines, and a pipe table laid
// out for a terminal.
#include <gsl/gsl_test.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/lesson.h"

// lesson_render(text) is 'expected' (NULL: the render fails).
static void check_render(const char *text, const LessonValues *v, const char *expected, const char *what) {
    char why[256] = "";
    char *got = lesson_render(text, v, why, sizeof why);
    if (expected == NULL) {
        gsl_test(got != NULL, "%s: refused (%s)", what, why);
    } else {
        gsl_test(got == NULL || strcmp(got, expected) != 0, "%s: \"%s\" (got \"%s\"%s%s)", what, expected,
                 got ? got : "nothing", got ? "" : ": ", got ? "" : why);
    }
    free(got);
}

static void check_plain(const char *markdown, const char *expected, const char *what) {
    char *got = lesson_plain(markdown, 80);
    gsl_test(strcmp(got, expected) != 0, "%s: laid out as expected (got\n%s)", what, got);
    free(got);
}

int main(void) {
    LessonValues v = {0};
    lesson_values_set_number(&v, "d", 128);
    lesson_values_set_number(&v, "yes", 1);
    lesson_values_set_number(&v, "no", 0);
    lesson_values_set(&v, "pair", "(0, 1)");
    lesson_values_set_number(&v, "t[0].d", 16);
    lesson_values_set_number(&v, "t[0].s", 0.69293);
    lesson_values_set_number(&v, "t[0].ok", 1);
    lesson_values_set_number(&v, "t[1].d", 128);
    lesson_values_set_number(&v, "t[1].s", 0.66161);
    lesson_values_set_number(&v, "t[1].ok", 0);

    check_render("| d | s |\n|--:|--:|\n| {t.d} | {t.s:.4f} |\nafter", &v,
                 "| d | s |\n|--:|--:|\n| 16 | 0\\.6929 |\n| 128 | 0\\.6616 |\nafter", "a row per recorded row");
    check_render("| d |\n|--|\n| {t.d} {t.ok?fits|does not} |", &v, "| d |\n|--|\n| 16 fits |\n| 128 does not |",
                 "a row's words follow its numbers");
    check_render("| d |\n|--|\n{?t.ok}| {t.d} |\n| end |", &v, "| d |\n|--|\n| 16 |\n| end |",
                 "a row kept on its own condition");
    check_render("| d |\n|--|\n| {u.d} |\n\nnext", &v, "| d |\n|--|\n\nnext", "a table with no rows recorded");
    check_render("{?yes} kept\nstill kept\n\n{?no} dropped\nalso dropped\n\nend", &v, "kept\nstill kept\n\n\nend",
                 "paragraphs on a condition");
    check_render("{!no} kept\n\n{!yes} dropped\n\n{?never} not recorded: dropped", &v, "kept\n\n\n", "{!name}");
    check_render("- one\n{?no}- two\nstill two\n- three", &v, "- one\n- three", "a list item on a condition");
    check_render("{yes?holds|fails}, {no?holds|fails}, [{no?x|}]", &v, "holds, fails, []", "words chosen by a number");
    check_render("{missing?a|b}", &v, NULL, "a choice on a name not recorded");
    check_render("{pair} at d = {d}", &v, "\\(0\\, 1\\) at d = 128", "a text value is escaped");
    check_render("{t.d}", &v, NULL, "a table's column outside a table row");
    lesson_values_set(&v, "printed", "0.10");
    check_render("{printed} and {d}", &v, "0\\.10 and 128", "a text that reads as a number is shown as it is");
    check_render("$1/\\sqrt{d}$, $x^{d}$", &v, "$1/\\sqrt{d}$, $x^{d}$", "a command's or script's group in maths is TeX");
    check_render("$R \\le {d}$", &v, NULL, "a recorded name as a placeholder inside maths is refused");
    lesson_values_set_number(&v, "gap", 0.2);
    lesson_values_set_number(&v, "loss", -5.9);
    check_render("{gap:+.1f} and {loss:+.1f}", &v, "\\+0\\.2 and \\-5\\.9", "a sign on positive numbers too");
    // {x:%}: three significant digits, as lessons/README.md promises (issue 42: 0.1501 printed "15%")
    lesson_values_set_number(&v, "p1", 0.1501);
    lesson_values_set_number(&v, "p2", 0.095);
    lesson_values_set_number(&v, "p3", 1.0);
    lesson_values_set_number(&v, "p4", 0.9997);
    lesson_values_set_number(&v, "p5", 0.0002);
    lesson_values_set_number(&v, "p6", 0.5);
    check_render("{p1:%} {p2:%} {p3:%} {p4:%} {p5:%} {p6:%}", &v,
                 "15\\.0\\% 9\\.50\\% 100\\% 99\\.97\\% 0\\.0200\\% 50\\.0\\%", "{x:%}: three significant digits");

    const char *file = "# T\n\nintro\n\n## 3.5\nsource: Doc B §4-2\nsays: S.\nexpected: because of $Z_i$\n"
                       "key: speed of pair 0 / pair {d}\n\nidea\n\n### holds\nH {d}.\n\n### evidence\n"
                       "Method.\n\n| a | b |\n|---|--:|\n| {t.d} | {t.s} |\n\n### does not hold\nN.\n";
    Lesson lesson;
    char why[256] = "";
    gsl_test(!lesson_parse(file, &lesson, why, sizeof why), "a lesson with an evidence section parses (%s)", why);
    const LessonClaim *c = lesson_claim(&lesson, "3.5");
    gsl_test(c == NULL || strcmp(c->expected, "because of $Z_i$") != 0, "expected: read");
    gsl_test(c == NULL || strcmp(c->key, "speed of pair 0 / pair {d}") != 0, "key: read");
    gsl_test(c == NULL || strncmp(c->evidence, "Method.", 7) != 0 || strstr(c->evidence, "N.") != NULL,
             "the evidence section ends where the next verdict section starts");
    gsl_test(c == NULL || lesson_verdict_text(c, "does not hold", NULL) == NULL, "the verdict after it is read");
    if (c) {
        LessonRun run = {"holds", "", "course", "-", &v};
        LessonParts parts;
        gsl_test(!lesson_render_claim(c, &run, &parts, why, sizeof why), "the claim renders (%s)", why);
        gsl_test(strcmp(parts.key, "speed of pair 0 / pair 128") != 0, "the key rendered (%s)", parts.key);
        gsl_test(strstr(parts.evidence, "| 128 | 0\\.662 |") == NULL, "the evidence's table rendered");
        lesson_parts_free(&parts);
    }
    lesson_free(&lesson);
    gsl_test(lesson_parse("# T\n\n## 1.1\n\n### evidence\na\n\n### evidence\nb\n", &lesson, why, sizeof why),
             "a second evidence section is refused");

    check_plain("Before.\n\n| d | 維度 | s |\n|--:|---|--:|\n| 16 | 短 | 0\\.6929 |\n| 128 | 很長的 | 0\\.66 |\n\nAfter.",
                "Before.\n\n    d   維度          s\n   16   短       0.6929\n  128   很長的     0.66\n\nAfter.\n",
                "a pipe table in aligned columns, CJK counted two");
    check_plain("| a \\| b | $x|y$ |\n|---|---|\n| 1 | 2 |", "  a | b   x|y\n  1       2\n",
                "a '|' escaped or in maths stays in its cell");

    lesson_values_free(&v);
    return gsl_test_summary();
}
