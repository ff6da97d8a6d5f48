// faults.c: see faults.h.
#include "base/faults.h"

#include <errno.h>
#include <fcntl.h>
#include <gsl/gsl_errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gsl/gsl_blas.h>

#include "base/datafile.h"
#include "base/exitcodes.h"
#include "base/i18n.h"

static const char *fault_program = "workbook";
static _Thread_local char last_gsl_error[512];   // GSL may fail in a training thread

const char *faults_last_gsl_error(void) { return last_gsl_error; }

// The address-space limit (ulimit -v) in words, for the out-of-memory line.
static void describe_memory_limit(char *buf, size_t size) {
    struct rlimit lim;
    if (getrlimit(RLIMIT_AS, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY)
        snprintf(buf, size, _("the process may use %.0f MB of address space (ulimit -v)"),
                 (double)lim.rlim_cur / 1048576.0);
    else
        snprintf(buf, size, "%s", _("the machine has no more memory to give"));
}

// The out-of-memory line (with its newline), the one wording of it.
static void out_of_memory_line(char *buf, size_t size, const char *what, size_t bytes) {
    char limit[128], amount[64] = "";
    describe_memory_limit(limit, sizeof limit);
    if (bytes) snprintf(amount, sizeof amount, " (%.1f MB)", (double)bytes / 1048576.0);
    snprintf(buf, size, _("%s: out of memory: could not allocate %s%s; %s. Give it more memory or smaller settings.\n"),
             fault_program, what, amount, limit);
}

_Noreturn void faults_out_of_memory(const char *what, size_t bytes) {
    char line[1024];
    out_of_memory_line(line, sizeof line, what, bytes);
    datafile_remove_temporaries();
    fputs(line, stderr);
    exit(EXIT_NO_RESOURCES);
}

static void gsl_error_report(const char *reason, const char *file, int line, int gsl_errno) {
    if (gsl_errno == GSL_ENOMEM) {
        char what[400];
        snprintf(what, sizeof what, "memory in GSL: %s (%s:%d)", reason, file, line);
        faults_out_of_memory(what, 0);
    }
    snprintf(last_gsl_error, sizeof last_gsl_error, "%s (%s:%d)", reason, file, line);
}

// Only async-signal-safe calls below: write, unlink (inside
// datafile_remove_temporaries), signal, raise, _exit.
static void say_raw(const char *text) {
    ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
    (void)ignored;
}

static void on_terminating_signal(int sig) {
    datafile_remove_temporaries();
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int STOP_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP};
enum { N_STOP_SIGNALS = sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0] };

static void stop_signals(sigset_t *set) {
    sigemptyset(set);
    for (int i = 0; i < N_STOP_SIGNALS; i++) sigaddset(set, STOP_SIGNALS[i]);
}

void faults_hold_stop_signals(void) {
    sigset_t set;
    stop_signals(&set);
    sigprocmask(SIG_BLOCK, &set, NULL);
}

int faults_stop_pending(void) {
    sigset_t pending;
    if (sigpending(&pending) != 0) return 0;
    for (int i = 0; i < N_STOP_SIGNALS; i++)
        if (sigismember(&pending, STOP_SIGNALS[i]) == 1) return STOP_SIGNALS[i];
    return 0;
}

void faults_release_stop_signals(void) {
    int sig = faults_stop_pending();
    sigset_t set;
    stop_signals(&set);
    sigprocmask(SIG_UNBLOCK, &set, NULL);   // a waiting signal is delivered here: on_terminating_signal
    if (sig != 0) {                         // (not reached unless its action was changed)
        datafile_remove_temporaries();
        _exit(128 + sig);
    }
}

// ---- the CBLAS's first matrix product (faults_blas_start) ----------------------------

static volatile sig_atomic_t blas_starting;   // 1 while faults_blas_start's product runs
static int blas_stderr = -1;                  // meanwhile: the real standard error
static int blas_said = -1;                    // and the pipe standard error goes to
static char blas_line[1024];                  // the out-of-memory line, made beforehand
static char blas_other[256];                  // the start of the line for any other abort

// The library aborted in the product. Only async-signal-safe calls: read, write, _exit.
static _Noreturn void blas_aborted(void) {
    char said[2048];
    ssize_t n = read(blas_said, said, sizeof said - 1);
    said[n > 0 ? n : 0] = '\0';
    datafile_remove_temporaries();
    if (strstr(said, "malloc") || strstr(said, "memory")) {   // BLIS: "malloc() returned NULL; heap memory ..."
        ssize_t ignored = write(blas_stderr, blas_line, strlen(blas_line));
        (void)ignored;
        _exit(EXIT_NO_RESOURCES);
    }
    // Anything else: its words, on our one line.
    size_t used = 0;
    for (char *p = said; *p; p++) {
        if (*p == '\n' || *p == '\r' || *p == '\t') *p = ' ';
        if (*p == ' ' && (used == 0 || said[used - 1] == ' ')) continue;
        said[used++] = *p;
    }
    while (used && said[used - 1] == ' ') used--;
    said[used] = '\0';
    ssize_t ignored = write(blas_stderr, blas_other, strlen(blas_other));
    ignored = write(blas_stderr, used ? said : "-", used ? used : 1);
    ignored = write(blas_stderr, "\n", 1);
    (void)ignored;
    _exit(EXIT_NO_RESOURCES);
}

void faults_blas_start(const char *cblas) {
    static bool started = false;
    if (started) return;
    started = true;
    char what[256];
    snprintf(what, sizeof what, _("the buffers of %s's first matrix product"), cblas);
    out_of_memory_line(blas_line, sizeof blas_line, what, 0);
    snprintf(blas_other, sizeof blas_other, _("%s: %s gave up at its first matrix product: "), fault_program, cblas);
    // Standard error into a pipe while the product runs (nothing else runs then).
    int pipe_fds[2] = {-1, -1};
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    bool caught = saved >= 0 && pipe(pipe_fds) == 0;
    if (caught) {
        fcntl(pipe_fds[0], F_SETFL, O_NONBLOCK);   // (the handler reads what is there and never waits)
        fcntl(pipe_fds[1], F_SETFL, O_NONBLOCK);   // (a library that says more than a pipe holds never waits)
        blas_stderr = saved;
        blas_said = pipe_fds[0];
        caught = dup2(pipe_fds[1], STDERR_FILENO) == STDERR_FILENO;
        close(pipe_fds[1]);
    }
    blas_starting = caught;
    double a[4] = {1, 0, 0, 1}, b[4] = {1, 2, 3, 4}, c[4] = {0};
    gsl_matrix_view A = gsl_matrix_view_array(a, 2, 2), B = gsl_matrix_view_array(b, 2, 2),
                    C = gsl_matrix_view_array(c, 2, 2);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, &A.matrix, &B.matrix, 0.0, &C.matrix);
    blas_starting = 0;
    if (saved >= 0) {
        fflush(stderr);
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
    if (caught) {   // what the library said without giving up (a warning) goes where it was meant to
        char said[4096];
        ssize_t n;
        while ((n = read(pipe_fds[0], said, sizeof said)) > 0) {
            ssize_t ignored = write(STDERR_FILENO, said, (size_t)n);
            (void)ignored;
        }
        close(pipe_fds[0]);
    }
    blas_stderr = blas_said = -1;
}

static void on_abort(int sig) {
    (void)sig;
    if (blas_starting) blas_aborted();
    datafile_remove_temporaries();
    say_raw(fault_program);
    say_raw(": a library aborted the run (its message, if any, is above; BLIS aborts this way "
            "when memory runs out). Give it more memory or smaller settings.\n");
    _exit(EXIT_NO_RESOURCES);
}

static void check_stdout_at_exit(void) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        int saved = errno;
        fprintf(stderr, "%s: could not write to standard output (%s)\n", fault_program,
                saved ? strerror(saved) : "write error");
        _exit(EXIT_IO_FAILED);
    }
}

void faults_standard_descriptors(const char *program) {
    bool output_closed = false;
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        // Occupy the number, so that no file the program opens gets it.
        int opened = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
        if (opened != fd && opened >= 0) close(opened);
        output_closed = output_closed || fd == STDOUT_FILENO;
    }
    if (output_closed) {
        fprintf(stderr, "%s: standard output is closed; nothing was run (give it a terminal, a file or a pipe)\n",
                program);
        _exit(EXIT_IO_FAILED);
    }
}

void faults_install(const char *program) {
    faults_standard_descriptors(program);
    fault_program = program;
    gsl_set_error_handler(gsl_error_report);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_terminating_signal;
    for (int i = 0; i < N_STOP_SIGNALS; i++) sigaction(STOP_SIGNALS[i], &sa, NULL);
    sa.sa_handler = on_abort;
    sigaction(SIGABRT, &sa, NULL);
    signal(SIGXFSZ, SIG_IGN);
    // A reader that went away (ch03 | head -1): the write fails with EPIPE
    // and the exit check below reports it (status 3), instead of a silent death.
    signal(SIGPIPE, SIG_IGN);
    atexit(check_stdout_at_exit);
}
