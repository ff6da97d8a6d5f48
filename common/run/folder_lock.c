// folder_lock.c: see folder_lock.h.
#include "run/folder_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/i18n.h"

// Who holds the lock on the file 'st' names: its PID from the kernel's list
// of locks (Linux's /proc/locks: "1: FLOCK ADVISORY WRITE PID MAJ:MIN:INODE
// ...", the device in hex) and its program's name (/proc/PID/comm). False
// where the system does not say (another system, a lock of another kind).
static bool lock_holder(const struct stat *st, long *pid, char *program, size_t size) {
    FILE *fp = fopen("/proc/locks", "r");
    if (fp == NULL) return false;
    char line[256];
    bool found = false;
    while (!found && fgets(line, sizeof line, fp) != NULL) {
        char kind[16], mode[16];
        unsigned int major_id, minor_id;
        unsigned long long inode;
        if (sscanf(line, "%*[^:]: %15s %*s %15s %ld %x:%x:%llu", kind, mode, pid, &major_id, &minor_id, &inode) == 6 &&
            strcmp(kind, "FLOCK") == 0 && inode == (unsigned long long)st->st_ino &&
            major_id == major(st->st_dev) && minor_id == minor(st->st_dev) && *pid > 0)
            found = true;
    }
    fclose(fp);
    if (!found) return false;
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/comm", *pid);
    fp = fopen(path, "r");
    if (fp == NULL) return false;
    bool named = fgets(program, (int)size, fp) != NULL;
    fclose(fp);
    program[strcspn(program, "\n")] = '\0';
    return named && program[0] != '\0';
}

bool folder_lock(const char *program, const char *dir) {
    char path[4200];
    if ((size_t)snprintf(path, sizeof path, "%s/.lock", dir) >= sizeof path) {
        errno = ENAMETOOLONG;
        return false;
    }
    // O_NOFOLLOW: a link planted at the name is refused, never written through.
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        errno = EINVAL;
        return false;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) return true;   // the descriptor stays open: the lock lives with the process
    if (errno != EWOULDBLOCK) {
        int saved = errno;
        close(fd);
        errno = saved;
        return false;
    }
    // One line, at once: what it waits for.
    long pid;
    char holder[64];
    if (lock_holder(&st, &pid, holder, sizeof holder))
        fprintf(stderr, _("%s: %s is being written by %s (process %ld): waiting until it has finished (Ctrl-C stops "
                          "the wait)\n"),
                program, dir, holder, pid);
    else
        fprintf(stderr, _("%s: %s is being written by another run: waiting until it has finished (Ctrl-C stops the "
                          "wait)\n"),
                program, dir);
    while (flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR) {
            int saved = errno;
            close(fd);
            errno = saved;
            return false;
        }
    }
    return true;
}
