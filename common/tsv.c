// tsv.c: see tsv.h.
#include "tsv.h"

#include <stdlib.h>
#include <string.h>

size_t tsv_split(char *line, char **fields, size_t max) {
    size_t n = 0;
    char *p = line;
    while (n < max) {
        fields[n++] = p;
        char *tab = strchr(p, '\t');
        if (tab == NULL) break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

size_t tsv_column(char *const *header, size_t n, const char *name) {
    size_t k = 0;
    while (k < n && strcmp(header[k], name) != 0) k++;
    return k;
}

// The escape letter for byte c, or 0 when c stands for itself.
static char escape_letter(char c) {
    switch (c) {
    case '\\': return '\\';
    case '\t': return 't';
    case '\n': return 'n';
    case '\r': return 'r';
    default: return 0;
    }
}

char *tsv_escaped(const char *text) {
    size_t n = 0;
    for (const char *p = text; *p; p++) n += escape_letter(*p) ? 2 : 1;
    char *out = malloc(n + 1);
    if (out == NULL) return NULL;
    char *q = out;
    for (const char *p = text; *p; p++) {
        char letter = escape_letter(*p);
        if (letter) {
            *q++ = '\\';
            *q++ = letter;
        } else {
            *q++ = *p;
        }
    }
    *q = '\0';
    return out;
}

size_t tsv_unescape(char *s) {
    char *q = s;
    for (const char *p = s; *p; p++) {
        char byte = 0;
        if (*p == '\\') {
            switch (p[1]) {
            case '\\': byte = '\\'; break;
            case 't': byte = '\t'; break;
            case 'n': byte = '\n'; break;
            case 'r': byte = '\r'; break;
            default: break;   // an unknown escape (or a last backslash) stays as it is
            }
        }
        if (byte) {
            *q++ = byte;
            p++;
        } else {
            *q++ = *p;
        }
    }
    *q = '\0';
    return (size_t)(q - s);
}
