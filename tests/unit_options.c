// unit_options.c: strict option parsing (common/run/options.h), display widths
// and number formatting (common/run/verdict.h).
#include <gsl/gsl_test.h>
#include <math.h>
#include <string.h>

#include "run/options.h"
#include "run/verdict.h"
#include "option_fixture.h"

static OptionsResult parse(const char *a1, const char *a2, const char *a3) {
    static FixtureValues values;
    OptionSpec specs[FIXTURE_OPTIONS];
    fixture_specs(&values, specs);
    char *argv[] = {"unit", (char *)a1, (char *)a2, (char *)a3, NULL};
    int argc = 1 + (a1 != NULL) + (a2 != NULL) + (a3 != NULL);
    OptionsResult r = options_parse("unit", NULL, specs, FIXTURE_OPTIONS, argc, argv);
    if (r == OPTIONS_OK && !fixture_in_range(&values)) return OPTIONS_ERROR + 1;   // accepted out of range: a bug
    return r;
}

int main(void) {
    long v = 0;
    double x = 0;
    gsl_test(!options_parse_long("128", 2, 1024, &v) || v != 128, "128 parses");
    gsl_test(!options_parse_long("-5", -10, 10, &v) || v != -5, "-5 parses where negatives are allowed");
    gsl_test(options_parse_long("-5", 0, 10, &v), "-5 rejected where the range is non-negative");
    gsl_test(options_parse_long("+5", 0, 10, &v), "+5 rejected");
    gsl_test(options_parse_long("", 0, 10, &v), "empty rejected");
    gsl_test(options_parse_long(" 5", 0, 10, &v), "leading space rejected");
    gsl_test(options_parse_long("12abc", 0, 100, &v), "trailing garbage rejected");
    gsl_test(options_parse_long("1e3", 0, 10000, &v), "1e3 rejected for an integer");
    gsl_test(options_parse_long("99999999999999999999", 0, 1e18, &v), "overflow rejected");
    gsl_test(options_parse_long("11", 0, 10, &v), "above the range rejected");
    gsl_test(!options_parse_real("3e-3", 0, 1, &x) || x != 3e-3, "3e-3 parses");
    gsl_test(options_parse_real("nan", -1, 1, &x), "nan rejected");
    gsl_test(options_parse_real("inf", 0, INFINITY, &x), "inf rejected");
    gsl_test(options_parse_real("0x10", 0, 100, &x), "hex rejected");
    gsl_test(options_parse_real("1e999", 0, INFINITY, &x), "overflowing real rejected");
    gsl_test(options_parse_real("0.5.", 0, 1, &x), "trailing dot rejected");

    gsl_test(parse("--d", "16", NULL) != OPTIONS_OK, "--d 16 accepted");
    gsl_test(parse("--d=16", NULL, NULL) != OPTIONS_OK, "--d=16 accepted");
    gsl_test(parse("--d", "15", NULL) != OPTIONS_ERROR, "odd --d rejected");
    gsl_test(parse("--d", NULL, NULL) != OPTIONS_ERROR, "missing value rejected");
    gsl_test(parse("--d", "8", "--d") != OPTIONS_ERROR, "duplicate option rejected");
    gsl_test(parse("--dd", "8", NULL) != OPTIONS_ERROR, "unknown option rejected");
    gsl_test(parse("--quiet=1", NULL, NULL) != OPTIONS_ERROR, "a value on a flag rejected");
    gsl_test(parse("--positions", "0:3", NULL) != OPTIONS_OK, "range 0:3 accepted");
    gsl_test(parse("--positions", "5:2", NULL) != OPTIONS_ERROR, "backwards range rejected");
    gsl_test(parse("--positions", "5", NULL) != OPTIONS_ERROR, "range without colon rejected");
    gsl_test(parse("--positions", ":5", NULL) != OPTIONS_ERROR, "range without first rejected");
    // One rule for leading zeros, whatever the length, in integers and ranges alike.
    const char *zeros50 = "00000000000000000000000000000000000000000000000000";
    char padded[80];
    snprintf(padded, sizeof padded, "%s8", zeros50);
    gsl_test(parse("--d", padded, NULL) != OPTIONS_OK, "--d with 50 leading zeros accepted");
    snprintf(padded, sizeof padded, "%s0:3", zeros50);
    gsl_test(parse("--positions", padded, NULL) != OPTIONS_OK, "range with 50 leading zeros accepted");
    gsl_test(parse("--out", "", NULL) != OPTIONS_ERROR, "empty text rejected");
    gsl_test(parse("--lr", "nan", NULL) != OPTIONS_ERROR, "nan learning rate rejected");
    gsl_test(parse("--seed", "4294967296", NULL) != OPTIONS_ERROR, "seed past 2^32-1 rejected");

    gsl_test(display_width("abc") != 3, "ASCII is one column each");
    gsl_test(display_width("你打我") != 6, "CJK is two columns each");
    gsl_test(display_width("Doc A §先搞清楚") != 15, "mixed text width");
    char buf[32];
    gsl_test(strcmp(format_number(NAN, buf, sizeof buf), "-") != 0, "NAN prints as -");
    gsl_test(strcmp(format_number(0.125, buf, sizeof buf), "0.125") != 0, "0.125 prints as 0.125");
    gsl_test(strcmp(verdict_name(VERDICT_PARTLY_HOLDS), "partly holds") != 0, "verdict names");
    return gsl_test_summary();
}
