// text_file.c: see text_file.h.
#include "base/text_file.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/faults.h"

static void *grow(void *p, size_t bytes) {
    void *q = realloc(p, bytes ? bytes : 1);
    if (q == NULL) faults_out_of_memory("reading a text file", bytes);
    return q;
}

char *text_file_read(const char *path, size_t *len) {
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) return NULL;
    size_t cap = 4096, n = 0;
    char *text = grow(NULL, cap);
    for (;;) {
        if (cap - n < 2) text = grow(text, cap *= 2);
        size_t got = fread(text + n, 1, cap - n - 1, fp);
        n += got;
        if (got == 0) break;
    }
    int failed = ferror(fp) ? (errno ? errno : EIO) : 0;
    fclose(fp);
    if (!failed && memchr(text, '\0', n) != NULL) failed = EILSEQ;
    if (failed) {
        free(text);
        errno = failed;
        return NULL;
    }
    text[n] = '\0';
    if (len) *len = n;
    return text;
}

size_t text_file_lines(char *text, char ***lines) {
    size_t cap = 16, n = 0;
    char **out = grow(NULL, cap * sizeof *out);
    for (char *p = text; *p;) {
        if (n == cap) out = grow(out, (cap *= 2) * sizeof *out);
        out[n++] = p;
        char *nl = strchr(p, '\n');
        if (nl == NULL) break;
        *nl = '\0';
        if (nl > p && nl[-1] == '\r') nl[-1] = '\0';
        p = nl + 1;
    }
    *lines = out;
    return n;
}

char *text_copy(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = grow(NULL, n);
    memcpy(p, s, n);
    return p;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

size_t folder_names(const char *dir, bool (*keep)(const char *name, const void *context), const void *context,
                    char ***names) {
    size_t n = 0;
    char **out = NULL;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (!keep(e->d_name, context)) continue;
        out = grow(out, (n + 1) * sizeof *out);
        out[n++] = text_copy(e->d_name);
    }
    if (d) closedir(d);
    if (n) qsort(out, n, sizeof *out, compare_names);
    *names = out;
    return n;
}

void names_free(char **names, size_t n) {
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
}
