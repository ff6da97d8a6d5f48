// utf8.c: see utf8.h.
#include "utf8.h"

#include <string.h>

int utf8_decode(const unsigned char *s, unsigned *cp) {
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    }
    int n = (s[0] >= 0xF0) ? 4 : (s[0] >= 0xE0) ? 3 : (s[0] >= 0xC0) ? 2 : 1;
    unsigned v = (n == 4) ? (s[0] & 0x07u) : (n == 3) ? (s[0] & 0x0Fu) : (s[0] & 0x1Fu);
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *cp = 0xFFFD;
            return i;
        }
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    *cp = n == 1 ? 0xFFFD : v;
    return n;
}

bool utf8_is_wide(unsigned cp) {
    return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
           (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
           (cp >= 0xFFE0 && cp <= 0xFFE6);
}

void utf8_cut(char *s, size_t max_bytes) {
    size_t n = strlen(s);
    if (n <= max_bytes) return;
    n = max_bytes;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;   // s[n] continues a character: cut before it
    s[n] = '\0';
}

unsigned utf8_before(const char *start, const char *p) {
    if (p <= start) return 0;
    const char *q = p - 1;
    while (q > start && ((unsigned char)*q & 0xC0) == 0x80) q--;   // back to the character's first byte
    unsigned cp;
    utf8_decode((const unsigned char *)q, &cp);
    return cp;
}
