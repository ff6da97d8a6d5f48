// child.c: see child.h.
#include "child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/text_file.h"

extern char **environ;

static volatile sig_atomic_t g_signal = 0;   // the first stop signal received
static volatile sig_atomic_t g_child = 0;    // the running child's pid, or 0

static const int STOP_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP};
enum { N_STOP_SIGNALS = sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0] };

static void stop_signal_set(sigset_t *set) {
    sigemptyset(set);
    for (size_t i = 0; i < N_STOP_SIGNALS; i++) sigaddset(set, STOP_SIGNALS[i]);
}

static void block_stop_signals(sigset_t *old) {
    sigset_t set;
    stop_signal_set(&set);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void restore_signals(const sigset_t *old) { sigprocmask(SIG_SETMASK, old, NULL); }

// With a child running, pass the signal on: child_run waits for the child
// and child_stop_if_signalled then stops the driver. Otherwise stop now
// (unlink and _exit are async-signal-safe).
static void on_stop_signal(int sig) {
    if (g_signal == 0) g_signal = sig;
    pid_t child = (pid_t)g_child;
    if (child > 0) {
        kill(child, sig);
        return;
    }
    datafile_remove_temporaries();
    _exit(128 + sig);
}

void child_install_signal_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_STOP_SIGNALS; i++) sigaction(STOP_SIGNALS[i], &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

void child_stop_if_signalled(void) {
    if (g_signal == 0) return;
    sigset_t old;
    block_stop_signals(&old);
    datafile_remove_temporaries();
    _exit(128 + g_signal);
}

// Start argv[0] with its standard output on out_fd (-1: /dev/null) and its
// standard error on err_fd (-1: the driver's), the stop signals and SIGPIPE
// at their defaults. Returns the pid, or -1 with *error set.
static pid_t start(char *const argv[], int out_fd, int err_fd, int *error) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (out_fd >= 0) posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
    else posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    if (err_fd >= 0) posix_spawn_file_actions_adddup2(&actions, err_fd, STDERR_FILENO);
    sigset_t old, defaults;
    block_stop_signals(&old);
    stop_signal_set(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setsigmask(&attr, &old);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &actions, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc == 0) g_child = pid;
    restore_signals(&old);   // a signal that came meanwhile is delivered now, and passed on
    *error = rc;
    return rc == 0 ? pid : -1;
}

// Read the child's pipes until it closes them: standard output into sink
// (and stdout with tee), standard error into err.
static void drain(int out_fd, int err_fd, DataFile *sink, bool tee, char *err, size_t err_size) {
    struct pollfd fds[2];
    int nfds = 0;
    if (out_fd >= 0) fds[nfds++] = (struct pollfd){out_fd, POLLIN, 0};
    if (err_fd >= 0) fds[nfds++] = (struct pollfd){err_fd, POLLIN, 0};
    size_t err_len = 0;
    int open_fds = nfds;
    char buf[65536];
    while (open_fds > 0) {
        if (poll(fds, (nfds_t)nfds, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < nfds; i++) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
                continue;
            }
            if (fds[i].fd == out_fd) {
                if (!g_signal && sink) datafile_write(sink, buf, (size_t)n);   // after a signal: drain only
                if (!g_signal && tee && fwrite(buf, 1, (size_t)n, stdout) == (size_t)n) fflush(stdout);
            } else if (err_len + 1 < err_size) {
                size_t keep = (size_t)n < err_size - 1 - err_len ? (size_t)n : err_size - 1 - err_len;
                memcpy(err + err_len, buf, keep);
                err_len += keep;
                err[err_len] = '\0';
            }
        }
    }
    for (int i = 0; i < nfds; i++)
        if (fds[i].fd >= 0) close(fds[i].fd);
}

ChildResult child_run(char *const argv[], DataFile *sink, bool tee, char *err, size_t err_size) {
    ChildResult result = {-1, 0, 0};
    if (err) err[0] = '\0';
    int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    if ((sink && pipe(out_pipe) != 0) || (err && pipe(err_pipe) != 0)) {
        result.start_error = errno;
        if (out_pipe[0] >= 0) close(out_pipe[0]), close(out_pipe[1]);
        return result;
    }
    // Not inherited by any other child (the dup2 in the spawn clears the flag on 0-2).
    for (int k = 0; k < 2; k++) {
        if (out_pipe[k] >= 0) fcntl(out_pipe[k], F_SETFD, FD_CLOEXEC);
        if (err_pipe[k] >= 0) fcntl(err_pipe[k], F_SETFD, FD_CLOEXEC);
    }
    pid_t pid = start(argv, out_pipe[1], err_pipe[1], &result.start_error);
    if (out_pipe[1] >= 0) close(out_pipe[1]);
    if (err_pipe[1] >= 0) close(err_pipe[1]);
    if (pid < 0) {
        if (out_pipe[0] >= 0) close(out_pipe[0]);
        if (err_pipe[0] >= 0) close(err_pipe[0]);
        return result;
    }
    drain(out_pipe[0], err_pipe[0], sink, tee, err, err_size);

    // Wait without reaping (the pid stays the child's, so passing a signal
    // on cannot reach another process), then reap with the signals blocked.
    siginfo_t info;
    while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
    }
    sigset_t old;
    block_stop_signals(&old);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    g_child = 0;
    restore_signals(&old);
    if (WIFEXITED(status)) {
        result.status = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
        result.status = 128 + result.signal;
    }
    return result;
}

static bool executable_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

char *child_resolve_program(const char *name, char *why, size_t why_size) {
    struct stat st;
    if (strchr(name, '/')) {
        if (stat(name, &st) != 0) snprintf(why, why_size, "%s", strerror(errno));
        else if (S_ISDIR(st.st_mode)) snprintf(why, why_size, "it is a folder, not a program");
        else if (!executable_file(name)) snprintf(why, why_size, "not an executable file");
        else return text_copy(name);
        return NULL;
    }
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        size_t len = strcspn(p, ":");
        if (len > 0) {
            size_t size = len + strlen(name) + 2;
            char *candidate = malloc(size);
            if (candidate == NULL) break;
            snprintf(candidate, size, "%.*s/%s", (int)len, p, name);
            if (executable_file(candidate)) return candidate;
            free(candidate);
        }
        p += len;
        if (*p == ':') p++;
    }
    if (stat(name, &st) == 0)
        snprintf(why, why_size, "not found on PATH (for the one in this folder, write ./%s)", name);
    else
        snprintf(why, why_size, "not found on PATH");
    return NULL;
}
