// tsv.c: see tsv.h.
#include "base/tsv.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/text_file.h"

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

char *tsv_lookup(const char *text, const char *key, const char *column) {
    if (text == NULL) return NULL;
    char *copy = text_copy(text), **lines, *found = NULL;
    size_t n = text_file_lines(copy, &lines), col = 0, n_header = 0;
    enum { MAX_FIELDS = 32 };
    bool header = true;
    for (size_t i = 0; i < n && !found; i++) {
        if (lines[i][0] == '#' || lines[i][0] == '\0') continue;
        char *fields[MAX_FIELDS];
        size_t nf = tsv_split(lines[i], fields, MAX_FIELDS);
        if (header) {
            col = tsv_column(fields, nf, column);
            n_header = nf;
            header = false;
            if (col == n_header) break;
        } else if (strcmp(fields[0], key) == 0 && col < nf) {
            found = text_copy(fields[col]);
        }
    }
    free(lines), free(copy);
    return found;
}
