// unit_shell_words.c: shell_word (common/run/shell_words.h), how every command
// the workbook prints quotes an argument, so that it pastes back whole
// (issue 43). tests/expect_pasted_command.cmake runs such commands in sh.
#include <gsl/gsl_test.h>
#include <stdlib.h>
#include <string.h>

#include "run/shell_words.h"

static void expect_word(const char *word, const char *want) {
    Buf b = {0};
    shell_word(&b, word);
    char *got = buf_take(&b);
    gsl_test(strcmp(got, want) != 0, "shell_word(\"%s\") = %s, expected %s", word, got, want);
    free(got);
}

int main(void) {
    expect_word("--d", "--d");
    expect_word("16", "16");
    expect_word("--claim=1.2", "--claim=1.2");
    expect_word("build/dev/ch01", "build/dev/ch01");
    expect_word("我打你", "我打你");
    expect_word("我 打 你", "'我 打 你'");
    expect_word("", "''");
    expect_word("it's", "'it'\\''s'");
    expect_word("$HOME", "'$HOME'");
    expect_word("*", "'*'");
    expect_word("~", "'~'");
    expect_word("#x", "'#x'");
    expect_word("a;b", "'a;b'");
    expect_word("a\\b", "'a\\b'");
    expect_word("`id`", "'`id`'");
    expect_word("a\xc2\x9b", "'a\xc2\x9b'");   // a C1 control is not a plain character
    expect_word("a\xff", "'a\xff'");           // nor a byte that is not UTF-8
    char *words[] = {"--sentence", "我 打 你", "--claim", "1.2"};
    Buf b = {0};
    shell_words(&b, words, 4);
    char *got = buf_take(&b);
    gsl_test(strcmp(got, "--sentence '我 打 你' --claim 1.2") != 0, "shell_words: %s", got);
    free(got);
    return gsl_test_summary();
}
