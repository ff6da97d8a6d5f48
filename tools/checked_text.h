// checked_text.h: stage 1 of the language share (tools/language_share.c's
// header gives the rules): the text of a Chinese output that is checked for
// runs of English words, by mode, with what is not prose taken out:
//   text      `code` spans;
//   markdown  code spans, fenced blocks (except ```text), indented code,
//             maths, HTML tags and comments, link destinations; a table's
//             '|' ends a run; a backslash escape is its character;
//   html      tags and comments, the elements that are code or maths (their
//             whole content); alt, title and aria-label are text; entities
//             decoded;
//   svg       all but the text of <text> and <title> elements.
// What is taken out is NEUTRAL (a code span between two words: no break) or
// BREAK (a block tag, a fence: ends a run); every newline is kept, so a line
// number is the input's.
#ifndef WORKBOOK_CHECKED_TEXT_H
#define WORKBOOK_CHECKED_TEXT_H

#include <stdbool.h>

#include "base/buf.h"

// Markers in the checked text (stage 1), never in the input's text: what was
// taken out either leaves nothing (NEUTRAL: a code span between two words)
// or ends a run (BREAK: a block tag, a fence).
enum { NEUTRAL = '\x01', BREAK = '\x02' };

typedef enum { MODE_TEXT, MODE_MARKDOWN, MODE_HTML, MODE_SVG } Mode;

static inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

// Add the text of 'text' (the whole input) to check in 'mode' to 'out'.
void checked_text(Buf *out, const char *text, Mode mode);

#endif
