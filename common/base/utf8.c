// utf8.c: see utf8.h.
#include "base/utf8.h"

#include <stdio.h>
#include <stdlib.h>
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

size_t utf8_char_length(const unsigned char *s, size_t n) {
    if (s[0] < 0x80) return 1;
    size_t len = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
    if (len == 0 || s[0] > 0xF4 || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (len == 3 && s[0] == 0xE0 && s[1] < 0xA0) return 0;   // overlong
    if (len == 3 && s[0] == 0xED && s[1] >= 0xA0) return 0;  // surrogate
    if (len == 4 && s[0] == 0xF0 && s[1] < 0x90) return 0;   // overlong
    if (len == 4 && s[0] == 0xF4 && s[1] >= 0x90) return 0;  // past U+10FFFF
    return len;
}

char *utf8_shown(const char *text, size_t max_bytes) {
    const unsigned char *s = (const unsigned char *)text;
    size_t n = strlen(text);
    bool cut = max_bytes && n > max_bytes;
    if (cut) {
        n = max_bytes;
        while (n > 0 && (s[n] & 0xC0) == 0x80) n--;   // at a character's start
    }
    char *out = malloc(4 * n + 4);   // each byte at most "\xNN", then "..."
    if (out == NULL) return NULL;
    size_t used = 0;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_char_length(s + i, n - i);
        // C0 and DEL are one byte; C1 (U+0080-U+009F) is C2 80-C2 9F.
        bool control = len == 1 ? (s[i] < 0x20 || s[i] == 0x7F) : len == 2 && s[i] == 0xC2 && s[i + 1] < 0xA0;
        if (len == 0 || control) {
            size_t bytes = len ? len : 1;
            for (size_t k = 0; k < bytes; k++) used += (size_t)sprintf(out + used, "\\x%02X", s[i + k]);
            i += bytes;
        } else {
            memcpy(out + used, text + i, len);
            used += len;
            i += len;
        }
    }
    if (cut) memcpy(out + used, "...", 3), used += 3;
    out[used] = '\0';
    return out;
}
