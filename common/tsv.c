// tsv.c: see tsv.h.
#include "tsv.h"

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
