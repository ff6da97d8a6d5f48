// manifest.c: see manifest.h.
#include "run/manifest.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/datafile.h"
#include "base/faults.h"
#include "base/text_file.h"

void manifest_init(Manifest *m, const char *dir, const char *file) {
    memset(m, 0, sizeof *m);
    m->dir = text_copy(dir);
    m->file = text_copy(file);
    m->first_line = text_copy("");
}

bool manifest_load(Manifest *m, const char *dir, const char *file, ManifestNameOk name_ok) {
    manifest_init(m, dir, file);
    size_t len = strlen(dir) + strlen(file) + 2;
    char *path = malloc(len);
    if (path == NULL) faults_out_of_memory("a manifest's path", len);
    snprintf(path, len, "%s/%s", dir, file);
    char *text = text_file_read(path, NULL);
    int saved = errno;
    free(path);
    if (text == NULL) {
        errno = saved;
        return saved == ENOENT;
    }
    char **lines;
    size_t n = text_file_lines(text, &lines);
    for (size_t i = 0; i < n; i++) {
        if (lines[i][0] == '#') {
            if (i == 0) {
                free(m->first_line);
                m->first_line = text_copy(lines[i]);
            }
            continue;
        }
        if (lines[i][0] && name_ok(lines[i])) manifest_add(m, lines[i]);
    }
    free(lines);
    free(text);
    return true;
}

bool manifest_has(const Manifest *m, const char *name) {
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->names[i], name) == 0) return true;
    return false;
}

void manifest_add(Manifest *m, const char *name) {
    if (manifest_has(m, name)) return;
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 16;
        char **names = realloc(m->names, cap * sizeof *names);
        if (names == NULL) faults_out_of_memory("a manifest", cap * sizeof *names);
        m->names = names;
        m->cap = cap;
    }
    m->names[m->n++] = text_copy(name);
}

// Does every folder on the way from m->dir to 'name' exist as a folder, not
// a symbolic link? (A link there would take the removal outside m->dir.)
static bool no_link_on_the_way(const Manifest *m, const char *name) {
    for (const char *slash = strchr(name, '/'); slash; slash = strchr(slash + 1, '/')) {
        size_t len = strlen(m->dir) + (size_t)(slash - name) + 2;
        char *prefix = malloc(len);
        if (prefix == NULL) faults_out_of_memory("a manifest's path", len);
        snprintf(prefix, len, "%s/%.*s", m->dir, (int)(slash - name), name);
        struct stat st;
        bool folder = lstat(prefix, &st) == 0 && S_ISDIR(st.st_mode);
        free(prefix);
        if (!folder) return false;
    }
    return true;
}

bool manifest_remove_files(Manifest *m, ManifestNameOk drop, const char **failed) {
    size_t kept = 0;
    bool ok = true;
    for (size_t i = 0; i < m->n; i++) {
        char *name = m->names[i];
        if (!drop(name)) {
            m->names[kept++] = name;
            continue;
        }
        size_t len = strlen(m->dir) + strlen(name) + 2;
        char *path = malloc(len);
        if (path == NULL) faults_out_of_memory("a manifest's path", len);
        snprintf(path, len, "%s/%s", m->dir, name);
        struct stat st;
        // lstat: a link in the name's place is left alone, and so is its target.
        bool gone = !no_link_on_the_way(m, name) || !(lstat(path, &st) == 0 && S_ISREG(st.st_mode)) ||
                    unlink(path) == 0 || errno == ENOENT;
        free(path);
        if (!gone) {
            if (ok && failed) *failed = name;
            ok = false;
            m->names[kept++] = name;   // still there: still listed
            continue;
        }
        free(name);
    }
    m->n = kept;
    return ok;
}

bool manifest_save(Manifest *m, const char *first_line) {
    if (first_line != m->first_line) {
        char *copy = text_copy(first_line);
        free(m->first_line);
        m->first_line = copy;
    }
    DataFile f;
    if (!datafile_open(&f, m->dir, m->file, NULL)) return false;
    datafile_printf(&f, "%s\n", m->first_line);
    for (size_t i = 0; i < m->n; i++) datafile_printf(&f, "%s\n", m->names[i]);
    return datafile_close(&f);
}

void manifest_free(Manifest *m) {
    for (size_t i = 0; i < m->n; i++) free(m->names[i]);
    free(m->names);
    free(m->dir);
    free(m->file);
    free(m->first_line);
    memset(m, 0, sizeof *m);
}
