// cache_files.c: see cache_files.h.
#include "cache_files.h"

#include <stdio.h>
#include <string.h>

uint64_t cache_program_checksum(void) {
    static uint64_t sum = 0;   // computed once (a chapter asks for every run it keeps)
    static bool done = false;
    if (done) return sum;
    done = true;
    FILE *fp = fopen("/proc/self/exe", "rb");
    if (fp == NULL) return sum = 0;
    unsigned char buf[1 << 16];
    uint64_t h = HASH_START;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0) h = hash_bytes(h, buf, n);
    bool ok = !ferror(fp);
    fclose(fp);
    return sum = ok ? h : 0;
}

const char *cache_folder(const char *given, const char *out, char *buf, size_t size) {
    if (given != NULL) return given;
    char parent[4096];
    snprintf(parent, sizeof parent, "%s", out);
    size_t len = strlen(parent);
    while (len > 1 && parent[len - 1] == '/') parent[--len] = '\0';
    char *slash = strrchr(parent, '/');
    if (slash == NULL) snprintf(parent, sizeof parent, ".");
    else if (slash == parent) parent[1] = '\0';
    else *slash = '\0';
    snprintf(buf, size, "%s/cache", parent);
    return buf;
}

bool cache_create(DataFile *f, const char *dir, const char *name) {
    return folders_make(dir) && datafile_open(f, dir, name, NULL);
}

void cache_commit(DataFile *f, bool ok) {
    if (ok) (void)datafile_close(f);   // (a file that could not be written is removed: only slower next time)
    else datafile_abort(f);
}
