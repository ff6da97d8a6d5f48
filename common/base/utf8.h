// utf8.h: what the workbook needs of UTF-8 text: decoding one code point,
// checking one character, whether it takes two terminal columns (East Asian
// wide: 你, 我), and a text shown on one line of a message.
#ifndef WORKBOOK_UTF8_H
#define WORKBOOK_UTF8_H

#include <stdbool.h>
#include <stddef.h>

// Decode the code point starting at s into *cp; returns the bytes consumed
// (>= 1; a malformed sequence gives U+FFFD).
int utf8_decode(const unsigned char *s, unsigned *cp);

// CJK and other wide characters: two terminal columns, and a line may break
// between two of them.
bool utf8_is_wide(unsigned cp);

// The code point of the character that ends just before p, in the text
// that starts at 'start' (0 when p is start).
unsigned utf8_before(const char *start, const char *p);

// The length of the well-formed UTF-8 character at s (n bytes left, n >= 1),
// or 0 when it is malformed: a stray continuation byte, a truncated
// sequence, an overlong form, a surrogate or a code point past U+10FFFF.
size_t utf8_char_length(const unsigned char *s, size_t n);

// 'text' as one printable line for a message that echoes a value back
// (options_reject, common/run/options.h): every control character -- C0 (a
// newline, a tab, ESC), DEL and C1 -- and every byte that is not UTF-8 is
// written as \xNN, each byte of it, so the message stays one line and a
// terminal shows the value instead of obeying it. At most 'max_bytes' of the
// text are shown, then "..." (0: all of it). A new string (free it); NULL
// when memory runs out.
char *utf8_shown(const char *text, size_t max_bytes);

// Cut the string s to at most max_bytes bytes, at a character's start (never
// inside one).
void utf8_cut(char *s, size_t max_bytes);

#endif
