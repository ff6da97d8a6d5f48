// folder_lock.c: see folder_lock.h.
#include "folder_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

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
    fprintf(stderr, "%s: another run is writing into %s; waiting for it to finish\n", program, dir);
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
