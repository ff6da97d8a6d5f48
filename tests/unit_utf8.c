// unit_utf8.c: utf8_shown (common/base/utf8.h), how every program echoes a value
// back in a message: one line, and nothing a terminal would obey (issue 43:
// a newline split the message in two, ESC ] 0 ; ... BEL retitled the terminal).
#include <gsl/gsl_test.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"

static void expect_shown(const char *text, size_t max_bytes, const char *want, const char *what) {
    char *shown = utf8_shown(text, max_bytes);
    gsl_test(shown == NULL || strcmp(shown, want) != 0, "%s: '%s', expected '%s'", what, shown ? shown : "(null)",
             want);
    free(shown);
}

int main(void) {
    expect_shown("zh-TW", 0, "zh-TW", "plain text as it is");
    expect_shown("我 打 你", 0, "我 打 你", "Chinese as it is");
    expect_shown("", 0, "", "the empty value");
    expect_shown("zh-TW\nx", 0, "zh-TW\\x0Ax", "a newline");
    expect_shown("\x1b]0;pwned\x07", 0, "\\x1B]0;pwned\\x07", "a terminal title escape (ESC ] ... BEL)");
    expect_shown("a\tb\rc\x7f", 0, "a\\x09b\\x0Dc\\x7F", "a tab, a carriage return and DEL");
    expect_shown("a\xc2\x9b" "2J", 0, "a\\xC2\\x9B2J", "a C1 control (CSI as U+009B)");
    expect_shown("a\xc2\xa0z", 0, "a\xc2\xa0z", "U+00A0 is no control");
    expect_shown("a\xffz\xe6\x88", 0, "a\\xFFz\\xE6\\x88", "bytes that are not UTF-8, a truncated character");
    expect_shown("\xed\xa0\x80", 0, "\\xED\\xA0\\x80", "a surrogate");
    expect_shown("abcdef", 3, "abc...", "cut after 3 bytes");
    expect_shown("abc", 3, "abc", "not cut at exactly 3 bytes");
    expect_shown("ab我", 3, "ab...", "cut at a character's start, never inside one");
    expect_shown("\n\n\n\n", 2, "\\x0A\\x0A...", "cut, then escaped");

    gsl_test(utf8_char_length((const unsigned char *)"\xe6\x88\x91", 3) != 3, "我 is 3 bytes");
    gsl_test(utf8_char_length((const unsigned char *)"\xe6\x88", 2) != 0, "a truncated character");
    gsl_test(utf8_char_length((const unsigned char *)"\xc0\xaf", 2) != 0, "an overlong '/'");
    gsl_test(utf8_char_length((const unsigned char *)"\xf4\x90\x80\x80", 4) != 0, "past U+10FFFF");
    return gsl_test_summary();
}
