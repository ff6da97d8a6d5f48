// shell_words.h: a command as the workbook prints it (REPORT.md's "Run
// with", the driver's heading of a one-chapter run, a chapter's settings),
// ready to be pasted into a POSIX shell (sh, bash, zsh) as it is: each
// argument stays one argument.
//
// A word made only of letters, digits, - _ . / : = + , @ % and UTF-8
// characters beyond ASCII (我打你) is written as it is; any other word (a
// space, a quote, $ ` \ * ? [ ] ~ # ! ; & | < > ( ) { } ^, a control
// character, a byte that is not UTF-8, or the empty word) is put between
// single quotes, a ' inside as '\''.
//
//   ./workbook ch01 --sentence '我 打 你'      (argv: --sentence, 我 打 你)
#ifndef WORKBOOK_SHELL_WORDS_H
#define WORKBOOK_SHELL_WORDS_H

#include <stddef.h>

#include "base/buf.h"

// One word, quoted when it needs to be.
void shell_word(Buf *b, const char *word);

// n words, each as shell_word writes it, separated by single spaces.
void shell_words(Buf *b, char *const *words, size_t n);

#endif
