// shell_words.c: see shell_words.h.
#include "run/shell_words.h"

#include <stdbool.h>
#include <string.h>

#include "base/utf8.h"

// Needs no quotes: safe ASCII, and well-formed UTF-8 characters other than
// C1 controls.
static bool plain_word(const char *word) {
    const unsigned char *s = (const unsigned char *)word;
    size_t n = strlen(word);
    if (n == 0) return false;
    for (size_t i = 0; i < n;) {
        if (s[i] < 0x80) {
            if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
                  strchr("-_./:=+,@%", s[i])))
                return false;
            i++;
            continue;
        }
        size_t len = utf8_char_length(s + i, n - i);
        if (len == 0 || (len == 2 && s[i] == 0xC2 && s[i + 1] < 0xA0)) return false;
        i += len;
    }
    return true;
}

void shell_word(Buf *b, const char *word) {
    if (plain_word(word)) {
        buf_puts(b, word);
        return;
    }
    buf_puts(b, "'");
    for (const char *p = word; *p; p++) {
        if (*p == '\'') buf_puts(b, "'\\''");
        else buf_add(b, p, 1);
    }
    buf_puts(b, "'");
}

void shell_words(Buf *b, char *const *words, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (i) buf_puts(b, " ");
        shell_word(b, words[i]);
    }
}
