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

#include "base/faults.h"
#include "base/parallel.h"
#include "base/text_file.h"

extern char **environ;

static volatile sig_atomic_t g_signal = 0;   // the first stop signal received
static volatile sig_atomic_t g_children[CHILD_MAX_RUNNING];   // the running children's pids (0: a free slot)
static int g_ended[2] = {-1, -1};   // a pipe SIGCHLD writes a byte into: poll wakes when a child ends

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

// With children running, pass the signal on to each: child_run_jobs waits
// for them and child_stop_if_signalled then stops the driver. Otherwise stop
// now (kill, unlink and _exit are async-signal-safe).
static void on_stop_signal(int sig) {
    if (g_signal == 0) g_signal = sig;
    bool passed = false;
    for (int i = 0; i < CHILD_MAX_RUNNING; i++) {
        pid_t child = (pid_t)g_children[i];
        if (child > 0) kill(child, sig), passed = true;
    }
    if (passed) return;
    datafile_remove_temporaries();
    _exit(128 + sig);
}

static void on_child_ended(int sig) {
    (void)sig;
    int saved = errno;
    if (g_ended[1] >= 0 && write(g_ended[1], "", 1) < 0) {
        // (full: poll wakes anyway)
    }
    errno = saved;
}

void child_install_signal_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_STOP_SIGNALS; i++) sigaction(STOP_SIGNALS[i], &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

// The pipe that wakes child_run_jobs's poll when a child ends (made once;
// false when it cannot be: poll then looks every few milliseconds).
static bool ended_pipe(void) {
    if (g_ended[0] >= 0) return true;
    int fds[2];
    if (pipe(fds) != 0) return false;
    for (int k = 0; k < 2; k++) {
        fcntl(fds[k], F_SETFD, FD_CLOEXEC);
        fcntl(fds[k], F_SETFL, fcntl(fds[k], F_GETFL) | O_NONBLOCK);
    }
    g_ended[0] = fds[0], g_ended[1] = fds[1];
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_child_ended;
    sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);
    return true;
}

void child_stop_if_signalled(void) {
    if (g_signal == 0) return;
    sigset_t old;
    block_stop_signals(&old);
    datafile_remove_temporaries();
    _exit(128 + g_signal);
}

size_t child_processors(void) {
    size_t n = parallel_cpu_count();   // (at least 1)
    return n > CHILD_MAX_RUNNING ? CHILD_MAX_RUNNING : n;
}

// A job of child_run_jobs as it runs.
typedef struct {
    ChildJob job;
    pid_t pid;
    int slot;                      // its place in g_children
    int out_fd, err_fd;            // the read ends of its pipes (-1: none, or closed)
    size_t err_len;
    enum { JOB_RUNNING, JOB_EXITING, JOB_ENDED } state;   // EXITING: its pipes closed, not yet reaped
} Job;

// Start job j's child with its standard output on a pipe (or /dev/null) and
// its standard error on a pipe (or the driver's), the stop signals and
// SIGPIPE at their defaults. Not after a stop signal. On failure the job has
// ended, not started (status -1, start_error).
static void start(Job *j) {
    ChildJob *c = &j->job;
    int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    j->out_fd = j->err_fd = -1;
    j->state = JOB_ENDED;
    c->result = (ChildResult){-1, 0, 0};
    if (c->err) c->err[0] = '\0';
    if (c->argv == NULL) return;
    if ((c->sink && pipe(out_pipe) != 0) || (c->err && pipe(err_pipe) != 0)) {
        c->result.start_error = errno;
        if (out_pipe[0] >= 0) close(out_pipe[0]), close(out_pipe[1]);
        return;
    }
    // Not inherited by any other child (the dup2 in the spawn clears the flag on 0-2).
    for (int k = 0; k < 2; k++) {
        if (out_pipe[k] >= 0) fcntl(out_pipe[k], F_SETFD, FD_CLOEXEC);
        if (err_pipe[k] >= 0) fcntl(err_pipe[k], F_SETFD, FD_CLOEXEC);
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (out_pipe[1] >= 0) posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    else posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    if (err_pipe[1] >= 0) posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
    sigset_t old, defaults;
    block_stop_signals(&old);
    stop_signal_set(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setsigmask(&attr, &old);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    int rc = EINTR;
    if (g_signal == 0 && j->slot >= 0) rc = posix_spawn(&j->pid, c->argv[0], &actions, &attr, c->argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc == 0) g_children[j->slot] = j->pid, j->state = JOB_RUNNING;
    restore_signals(&old);   // a signal that came meanwhile is delivered now, and passed on
    c->result.start_error = rc;
    if (out_pipe[1] >= 0) close(out_pipe[1]);
    if (err_pipe[1] >= 0) close(err_pipe[1]);
    if (rc == 0) {
        j->out_fd = out_pipe[0], j->err_fd = err_pipe[0];
        if (j->out_fd < 0 && j->err_fd < 0) j->state = JOB_EXITING;   // (no pipe to read: only its end to wait for)
    } else {
        if (out_pipe[0] >= 0) close(out_pipe[0]);
        if (err_pipe[0] >= 0) close(err_pipe[0]);
    }
}
// Read what is there on one of job j's pipes: standard output into its sink
// (and stdout with tee; after a stop signal: drained only), standard error
// into its buffer. At the end of both pipes the job is exiting.
static void read_pipe(Job *j, int *fd) {
    char buf[65536];
    ssize_t n = read(*fd, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
    ChildJob *c = &j->job;
    if (n <= 0) {
        close(*fd);
        *fd = -1;
        if (j->out_fd < 0 && j->err_fd < 0) j->state = JOB_EXITING;
    } else if (fd == &j->out_fd) {
        if (!g_signal && c->sink) datafile_write(c->sink, buf, (size_t)n);
        if (!g_signal && c->tee && fwrite(buf, 1, (size_t)n, stdout) == (size_t)n) fflush(stdout);
    } else if (j->err_len + 1 < c->err_size) {
        size_t keep = (size_t)n < c->err_size - 1 - j->err_len ? (size_t)n : c->err_size - 1 - j->err_len;
        memcpy(c->err + j->err_len, buf, keep);
        j->err_len += keep;
        c->err[j->err_len] = '\0';
    }
}

// Reap job j if its child has ended ('block': wait for it). It is waited for
// without reaping first, so that its pid stays its own while a signal may be
// passed on to it, then reaped with the stop signals blocked.
static void reap(Job *j, bool block) {
    siginfo_t info;
    info.si_pid = 0;
    int flags = WEXITED | WNOWAIT | (block ? 0 : WNOHANG);
    while (waitid(P_PID, (id_t)j->pid, &info, flags) != 0 && errno == EINTR) {
    }
    if (info.si_pid != j->pid) return;
    sigset_t old;
    block_stop_signals(&old);
    int status = 0;
    while (waitpid(j->pid, &status, 0) < 0 && errno == EINTR) {
    }
    g_children[j->slot] = 0;
    restore_signals(&old);
    ChildResult *r = &j->job.result;
    if (WIFEXITED(status)) {
        r->status = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        r->signal = WTERMSIG(status);
        r->status = 128 + r->signal;
    }
    j->state = JOB_ENDED;
}

// Wait until something happens to the running jobs jobs[from..to): read
// their pipes, reap the ones that ended.
static void wait_jobs(Job *jobs, size_t from, size_t to) {
    struct pollfd fds[2 * CHILD_MAX_RUNNING + 1];
    int *which[2 * CHILD_MAX_RUNNING];
    Job *owner[2 * CHILD_MAX_RUNNING];
    nfds_t nfds = 0;
    size_t exiting = 0;
    for (size_t i = from; i < to; i++) {
        Job *j = &jobs[i];
        if (j->state == JOB_EXITING) exiting++;
        if (j->state != JOB_RUNNING) continue;
        int *fd[2] = {&j->out_fd, &j->err_fd};
        for (int k = 0; k < 2; k++)
            if (*fd[k] >= 0 && nfds < 2 * CHILD_MAX_RUNNING)
                owner[nfds] = j, which[nfds] = fd[k], fds[nfds++] = (struct pollfd){*fd[k], POLLIN, 0};
    }
    // A child that closed its pipes has ended or soon will: with nothing else
    // to read, wait for the first of them; else SIGCHLD's byte wakes poll.
    if (nfds == 0 && exiting > 0) {
        for (size_t i = from; i < to; i++)
            if (jobs[i].state == JOB_EXITING) {
                reap(&jobs[i], true);
                return;
            }
    }
    bool woken = ended_pipe();
    if (woken) fds[nfds] = (struct pollfd){g_ended[0], POLLIN, 0};
    int ready = poll(fds, nfds + (woken ? 1 : 0), exiting > 0 && !woken ? 5 : -1);
    for (nfds_t k = 0; ready > 0 && k < nfds; k++)
        if (fds[k].revents & (POLLIN | POLLHUP | POLLERR)) read_pipe(owner[k], which[k]);
    if (woken && ready > 0 && (fds[nfds].revents & POLLIN)) {
        char drop[64];
        while (read(g_ended[0], drop, sizeof drop) > 0) {
        }
    }
    for (size_t i = from; i < to; i++)
        if (jobs[i].state == JOB_EXITING) reap(&jobs[i], false);
}

// A free place in g_children (-1: none, which cannot happen while at most
// CHILD_MAX_RUNNING run).
static int free_slot(void) {
    for (int i = 0; i < CHILD_MAX_RUNNING; i++)
        if (g_children[i] == 0) return i;
    return -1;
}

size_t child_run_jobs(size_t n, size_t running, void (*start_job)(size_t i, ChildJob *job, void *ctx),
                      bool (*done)(size_t i, ChildJob *job, void *ctx), void *ctx) {
    if (running < 1) running = 1;
    if (running > CHILD_MAX_RUNNING) running = CHILD_MAX_RUNNING;
    Job *jobs = calloc(n ? n : 1, sizeof *jobs);
    if (jobs == NULL) faults_out_of_memory("the children's table", n * sizeof *jobs);
    ended_pipe();   // (before the first child: no end goes unnoticed)
    size_t started = 0, handed = 0, n_running = 0;   // jobs [handed, started) are running or ended
    bool stop = false;
    for (;;) {
        // Hand the ended ones over in order (not after a stop signal: the driver stops).
        while (!g_signal && handed < started && jobs[handed].state == JOB_ENDED) {
            if (!done(handed, &jobs[handed].job, ctx)) stop = true;
            handed++;
        }
        n_running = 0;
        for (size_t i = handed; i < started; i++) n_running += jobs[i].state != JOB_ENDED;
        // Then start in order, within 2 x 'running' of the first not handed over (their sinks are open).
        while (!stop && !g_signal && started < n && n_running < running && started < handed + 2 * running) {
            Job *j = &jobs[started];
            start_job(started, &j->job, ctx);
            j->slot = free_slot();
            start(j);
            n_running += j->state != JOB_ENDED;
            started++;
        }
        if (g_signal ? n_running == 0 : handed == started && (stop || started == n)) break;
        if (n_running > 0) wait_jobs(jobs, handed, started);
    }
    free(jobs);
    child_stop_if_signalled();   // (after a stop signal, once every child has ended: exits)
    return started;
}

// child_run's one job.
typedef struct {
    char *const *argv;
    DataFile *sink;
    bool tee;
    char *err;
    size_t err_size;
    ChildResult result;
} OneJob;

static void one_start(size_t i, ChildJob *job, void *ctx) {
    (void)i;
    const OneJob *one = ctx;
    *job = (ChildJob){one->argv, one->sink, one->tee, one->err, one->err_size, {-1, 0, 0}};
}

static bool one_done(size_t i, ChildJob *job, void *ctx) {
    (void)i;
    ((OneJob *)ctx)->result = job->result;
    return true;
}

ChildResult child_run(char *const argv[], DataFile *sink, bool tee, char *err, size_t err_size) {
    OneJob one = {argv, sink, tee, err, err_size, {-1, 0, 0}};
    if (err) err[0] = '\0';
    child_run_jobs(1, 1, one_start, one_done, &one);
    return one.result;
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
