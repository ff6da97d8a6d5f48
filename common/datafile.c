// datafile.c: see datafile.h.
#include "datafile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Create dir and its missing parents. On failure, the folders this call
// created are removed again (deepest first) and errno says why.
static bool make_dirs(const char *dir) {
    char path[4096];
    size_t len = strlen(dir);
    if (len == 0 || len >= sizeof path) {
        errno = ENAMETOOLONG;
        return false;
    }
    memcpy(path, dir, len + 1);
    size_t created[4096 / 2];   // the lengths of the prefixes this call created
    size_t n_created = 0;
    bool ok = true;
    for (size_t i = 1; i <= len && ok; i++) {
        if (path[i] == '/' || path[i] == '\0') {
            char saved = path[i];
            path[i] = '\0';
            if (mkdir(path, 0777) == 0) created[n_created++] = i;
            else if (errno != EEXIST) ok = false;
            path[i] = saved;
        }
    }
    struct stat st;
    if (ok && stat(dir, &st) != 0) ok = false;
    if (ok && !S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        ok = false;
    }
    if (!ok) {
        int saved_errno = errno;
        while (n_created > 0) {
            path[created[--n_created]] = '\0';
            rmdir(path);
        }
        errno = saved_errno;
    }
    return ok;
}

bool output_dir_prepare(const char *dir, char *why, size_t why_size) {
    if (strlen(dir) > DATAFILE_MAX_DIR) {
        snprintf(why, why_size, "the path has %zu characters, more than the %d a folder for results may have",
                 strlen(dir), (int)DATAFILE_MAX_DIR);
        return false;
    }
    if (!make_dirs(dir)) {
        snprintf(why, why_size, "cannot create the folder (%s)", strerror(errno));
        return false;
    }
    // Writable? Create and remove a probe file: access(W_OK) is not enough
    // on read-only mounts and for root.
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/.write-probe.%ld", dir, (long)getpid());
    FILE *fp = fopen(probe, "w");
    if (fp == NULL) {
        snprintf(why, why_size, "cannot write in the folder (%s)", strerror(errno));
        return false;
    }
    fclose(fp);
    remove(probe);
    return true;
}

// The temporary names of the files being written, for datafile_remove_temporaries.
enum { MAX_OPEN_FILES = 64 };
static const char *volatile open_temporaries[MAX_OPEN_FILES];

static void remember_temporary(const char *path) {
    for (int i = 0; i < MAX_OPEN_FILES; i++)
        if (open_temporaries[i] == NULL) {
            open_temporaries[i] = path;
            return;
        }
}

static void forget_temporary(const char *path) {
    for (int i = 0; i < MAX_OPEN_FILES; i++)
        if (open_temporaries[i] == path) open_temporaries[i] = NULL;
}

void datafile_remove_temporaries(void) {
    for (int i = 0; i < MAX_OPEN_FILES; i++) {
        const char *path = open_temporaries[i];
        if (path) unlink(path);
    }
}

const char *datafile_write_advice(int err) {
    switch (err) {
    case ENOSPC: return "the disk is full: free some space or choose another --out";
    case EDQUOT: return "the disk quota is used up: free some space or choose another --out";
    case EFBIG: return "the file-size limit (ulimit -f) was reached: raise it or choose smaller settings";
    case EISDIR: return "a folder of that name is in the way: remove it or choose another --out";
    case EACCES:
    case EPERM:
    case EROFS: return "the folder is not writable: choose another --out";
    case ENOENT: return "the folder was removed while the run was writing: run it again";
    default: return "check the folder given with --out";
    }
}

bool datafile_open(DataFile *f, const char *dir, const char *name, const char *columns) {
    memset(f, 0, sizeof *f);
    int n1 = snprintf(f->final_path, sizeof f->final_path, "%s/%s", dir, name);
    int n2 = snprintf(f->temp_path, sizeof f->temp_path, "%s/.%s.tmp.%ld", dir, name, (long)getpid());
    if (n1 < 0 || n2 < 0 || (size_t)n1 >= sizeof f->final_path || (size_t)n2 >= sizeof f->temp_path) {
        errno = ENAMETOOLONG;
        return false;
    }
    f->fp = fopen(f->temp_path, "w");
    if (f->fp == NULL) return false;
    remember_temporary(f->temp_path);
    if (columns) datafile_printf(f, "# %s\n", columns);
    return true;
}

void datafile_printf(DataFile *f, const char *fmt, ...) {
    if (f->fp == NULL || f->failed) return;
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(f->fp, fmt, ap) < 0) f->failed = true;
    va_end(ap);
}

void datafile_write(DataFile *f, const void *data, size_t n) {
    if (f->fp == NULL || f->failed) return;
    if (n > 0 && fwrite(data, 1, n, f->fp) != n) f->failed = true;
}

void datafile_write_grid(DataFile *f, const gsl_matrix *M) {
    for (size_t i = 0; i < M->size1; i++) {
        for (size_t j = 0; j < M->size2; j++) datafile_printf(f, "%zu %zu %.17g\n", i, j, gsl_matrix_get(M, i, j));
        datafile_printf(f, "\n");
    }
}

bool datafile_close(DataFile *f) {
    if (f->fp == NULL) return false;
    int saved = 0;
    if (fflush(f->fp) != 0 || ferror(f->fp)) { f->failed = true; saved = errno; }
    if (!f->failed && fsync(fileno(f->fp)) != 0) { f->failed = true; saved = errno; }
    if (fclose(f->fp) != 0 && !f->failed) { f->failed = true; saved = errno; }
    f->fp = NULL;
    if (!f->failed && rename(f->temp_path, f->final_path) != 0) { f->failed = true; saved = errno; }
    if (f->failed) remove(f->temp_path);
    forget_temporary(f->temp_path);
    if (f->failed) {
        errno = saved ? saved : EIO;
        return false;
    }
    return true;
}

void datafile_abort(DataFile *f) {
    if (f->fp) fclose(f->fp);
    f->fp = NULL;
    remove(f->temp_path);
    forget_temporary(f->temp_path);
}
