// datafile.c: see datafile.h.
#include "base/datafile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

bool folders_make(const char *dir) {
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
    if (!folders_make(dir)) {
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

bool folders_remove_tree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return errno == ENOENT;
    if (!S_ISDIR(st.st_mode)) return unlink(path) == 0 || errno == ENOENT;
    DIR *d = opendir(path);
    if (d == NULL) return false;
    bool ok = true;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *child = malloc(n);
        if (child == NULL) {
            ok = false;
            break;
        }
        snprintf(child, n, "%s/%s", path, e->d_name);
        ok = folders_remove_tree(child) && ok;
        free(child);
    }
    closedir(d);
    return (rmdir(path) == 0 || errno == ENOENT) && ok;
}

bool datafile_temporary_of(const char *name, const char *suffix, long *pid) {
    const char *mark = strstr(name, ".tmp.");
    if (name[0] != '.' || mark == NULL || mark == name + 1) return false;
    for (const char *next; (next = strstr(mark + 1, ".tmp.")) != NULL;) mark = next;   // the last ".tmp."
    size_t len = (size_t)(mark - (name + 1));
    if (suffix && (len < strlen(suffix) || memcmp(mark - strlen(suffix), suffix, strlen(suffix)) != 0)) return false;
    const char *digits = mark + 5;
    char *end;
    errno = 0;
    long value = strtol(digits, &end, 10);
    if (digits[0] < '1' || digits[0] > '9' || *end != '\0' || errno != 0 || value <= 0 || value != (pid_t)value)
        return false;
    *pid = value;
    return true;
}

size_t datafile_sweep_temporaries(const char *dir, const char *suffix) {
    DIR *d = opendir(dir);
    if (d == NULL) return 0;
    size_t removed = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        long pid;
        if (!datafile_temporary_of(e->d_name, suffix, &pid) || pid == (long)getpid()) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;   // alive (EPERM: another user's, alive)
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (!S_ISDIR(st.st_mode)) {
            if (unlinkat(dirfd(d), e->d_name, 0) == 0) removed++;
            continue;
        }
        // A folder being written (a site: tools/site_dir.h), removed whole.
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(n);
        if (path == NULL) continue;
        snprintf(path, n, "%s/%s", dir, e->d_name);
        if (folders_remove_tree(path)) removed++;
        free(path);
    }
    closedir(d);
    return removed;
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
    // Created exclusively (O_EXCL, O_NOFOLLOW): a link or a file someone put
    // at the temporary name is never written through. A stale temporary of
    // the same name is this PID's own from an earlier process (PIDs are
    // reused): unlinked first (a link itself, not what it points to).
    if (unlink(f->temp_path) != 0 && errno != ENOENT) return false;
    int fd = open(f->temp_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) return false;
    f->fp = fdopen(fd, "w");
    if (f->fp == NULL) {
        int saved = errno;
        close(fd);
        unlink(f->temp_path);
        errno = saved;
        return false;
    }
    remember_temporary(f->temp_path);
    if (columns) datafile_printf(f, "# %s\n", columns);
    return true;
}

// A write, flush or close of f failed just now: mark it failed, keeping the
// errno of its first failure.
static void note_failure(DataFile *f) {
    if (f->error == 0) f->error = errno ? errno : EIO;
    f->failed = true;
}

void datafile_printf(DataFile *f, const char *fmt, ...) {
    if (f->fp == NULL || f->failed) return;
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(f->fp, fmt, ap) < 0) note_failure(f);
    va_end(ap);
}

void datafile_write(DataFile *f, const void *data, size_t n) {
    if (f->fp == NULL || f->failed) return;
    if (n > 0 && fwrite(data, 1, n, f->fp) != n) note_failure(f);
}

void datafile_write_grid(DataFile *f, const gsl_matrix *M) {
    for (size_t i = 0; i < M->size1; i++) {
        for (size_t j = 0; j < M->size2; j++) datafile_printf(f, "%zu %zu %.17g\n", i, j, gsl_matrix_get(M, i, j));
        datafile_printf(f, "\n");
    }
}

// Give up on the temporary file after a failure: remove it, stop listing it,
// and leave errno and f->error at the first failure's errno ('err' when none
// was noted, EIO when that is 0 too).
static bool discard(DataFile *f, int err) {
    if (f->error == 0) f->error = err ? err : EIO;
    f->failed = true;
    f->finished = false;
    remove(f->temp_path);
    forget_temporary(f->temp_path);
    errno = f->error;
    return false;
}

bool datafile_finish(DataFile *f) {
    if (f->fp == NULL) return discard(f, EINVAL);   // never opened, or finished already
    if (fflush(f->fp) != 0 || ferror(f->fp)) note_failure(f);
    if (!f->failed && fsync(fileno(f->fp)) != 0) note_failure(f);
    if (fclose(f->fp) != 0 && !f->failed) note_failure(f);
    f->fp = NULL;
    if (f->failed) return discard(f, 0);
    f->finished = true;   // still listed for datafile_remove_temporaries until commit or abort
    return true;
}

// fsync the folder holding f's file, so that a rename in it is on the disk too.
// Best effort: the file is complete under its name whatever this says, and
// some file systems refuse to sync a folder.
static void sync_folder(const DataFile *f) {
    char dir[sizeof f->final_path];
    snprintf(dir, sizeof dir, "%s", f->final_path);
    char *slash = strrchr(dir, '/');
    if (slash == NULL) snprintf(dir, sizeof dir, ".");
    else if (slash == dir) dir[1] = '\0';
    else *slash = '\0';
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0) return;
    (void)fsync(fd);
    close(fd);
}

bool datafile_commit(DataFile *f) {
    if (!f->finished) {   // not finished, or its finish failed
        if (f->fp) fclose(f->fp);
        f->fp = NULL;
        return discard(f, EINVAL);
    }
    if (rename(f->temp_path, f->final_path) != 0) return discard(f, errno);
    f->finished = false;
    forget_temporary(f->temp_path);
    sync_folder(f);
    return true;
}

bool datafile_close(DataFile *f) { return datafile_finish(f) && datafile_commit(f); }

void datafile_abort(DataFile *f) {
    if (f->fp) fclose(f->fp);
    f->fp = NULL;
    f->finished = false;
    remove(f->temp_path);
    forget_temporary(f->temp_path);
}
