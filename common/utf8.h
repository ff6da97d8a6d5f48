// utf8.h: the two things the workbook needs of UTF-8 text: decoding one code
// point, and whether it takes two terminal columns (East Asian wide: 你, 我).
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

// Cut the string s to at most max_bytes bytes, at a character's start (never
// inside one).
void utf8_cut(char *s, size_t max_bytes);

#endif
