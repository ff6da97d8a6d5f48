// faults.c: see faults.h.
#include "faults.h"

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

#include "datafile.h"
#include "exitcodes.h"

static const char *fault_program = "workbook";
static _Thread_local char last_gsl_error[512];   // GSL may fail in a training thread

const char *faults_last_gsl_error(void) { return last_gsl_error; }

// The address-space limit (ulimit -v) in words, for the out-of-memory line.
static void describe_memory_limit(char *buf, size_t size) {
    struct rlimit lim;
    if (getrlimit(RLIMIT_AS, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY)
        snprintf(buf, size, "the process may use %.0f MB of address space (ulimit -v)",
                 (double)lim.rlim_cur / 1048576.0);
    else
        snprintf(buf, size, "the machine has no more memory to give");
}

_Noreturn void faults_out_of_memory(const char *what, size_t bytes) {
    char limit[128], amount[64] = "";
    describe_memory_limit(limit, sizeof limit);
    if (bytes) snprintf(amount, sizeof amount, " (%.1f MB)", (double)bytes / 1048576.0);
    datafile_remove_temporaries();
    fprintf(stderr, "%s: out of memory: could not allocate %s%s; %s. Give it more memory or smaller settings.\n",
            fault_program, what, amount, limit);
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

static void on_abort(int sig) {
    (void)sig;
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
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sa.sa_handler = on_abort;
    sigaction(SIGABRT, &sa, NULL);
    signal(SIGXFSZ, SIG_IGN);
    // A reader that went away (ch03 | head -1): the write fails with EPIPE
    // and the exit check below reports it (status 3), instead of a silent death.
    signal(SIGPIPE, SIG_IGN);
    atexit(check_stdout_at_exit);
}
