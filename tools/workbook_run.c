// workbook_run.c: the driver behind ./workbook and `cmake --workflow --preset workbook`.
//
//   workbook_run --out DIR --plots DIR [--gnuplot PROGRAM] [FIGURE OPTIONS] CHAPTER...
//       Runs every chapter in order into DIR/chNN/ (its standard output goes
//       to DIR/chNN/output.txt), renders every plots/chNN_*.gp into
//       DIR/figures/ as PNG and SVG, writes DIR/REPORT.md, and prints a
//       summary table.
//
//   workbook_run --out DIR --plots DIR [--gnuplot PROGRAM] --chapter chNN CHAPTER... [-- OPTION...]
//       One chapter (./workbook chNN): runs only the chapter named chNN (one of
//       CHAPTER..., which give the report's order) with OPTION... into
//       DIR/chNN/, redraws its figures, and rewrites its section of
//       DIR/REPORT.md. The other chapters' rows and sections are copied from
//       the REPORT.md that is there (or say the chapter has not been run), and
//       their files stay: only REPORT.md, chNN/output.txt and figures/chNN_*
//       leave MANIFEST. A chapter that rejects its options (exit 2) stops the
//       run before any file is removed or written (at most the empty folders
//       DIR, DIR/figures and DIR/chNN are created).
//
//   workbook_run --render SCRIPT --data DIR --figures DIR [--gnuplot PROGRAM] [FIGURE OPTIONS]
//       Renders one figure (the figure tests).
//
//   FIGURE OPTIONS, for projecting the figures (every mode, PNG and SVG alike):
//     --figure-size WxH  the workbook's standard figure, 1000x600 pixels,
//                        becomes W x H (W 400..4000, H 300..3000); a figure
//                        with its own size scales by W/1000 across and H/600
//                        down (plots/common.gp)
//     --font-scale X     every text 0.5..4 times its usual size
//
// Exercises: --exercises DIR (default: the folder "exercises" next to the
// --plots folder, when there is one) holds chNN.tsv per chapter (see
// exercises/README.md). Each chapter's section of REPORT.md lists its
// exercises with the answers folded away (<details>); a one-chapter run ends
// by printing the chapter's exercises, or, when OPTION... are exactly an
// exercise's options, that exercise's answer.
//
//   workbook_run --help
//
// Options take "--name value" or "--name=value"; each may be given once.
// CHAPTER is a chapter program named chNN (at most 32, each name once): a
// path, or a bare name looked up on PATH. PROGRAM is gnuplot: a path or a
// name looked up on PATH; without --gnuplot, "gnuplot" is looked up on PATH
// (empty PATH entries are skipped, not read as the current folder), and when
// there is none the figures are skipped. Input is checked before anything is
// written; a problem gets one line on stderr naming the option or argument
// and what is accepted.
//
// What DIR holds: exactly one run. DIR/MANIFEST lists, one relative path a
// line, every file the driver wrote there in its last run: REPORT.md,
// chNN/output.txt, figures/NAME.png and figures/NAME.svg. A run first removes
// the files its predecessor's MANIFEST lists (only names of those four kinds;
// a file the driver did not write is never removed), and adds each new file
// to MANIFEST before the file appears under its final name. So figures/
// holds this run's figures only, and a run that stops early leaves no
// report of an earlier run behind. Files in figures/ that this run did not
// write are left alone and pointed out at the end; the exception is the
// gnuplot logs and temporaries that drivers before MANIFEST left there
// (.NAME.png.log, .NAME.svg.log, .NAME.tmp.png, .NAME.tmp.svg), which are
// removed. The chapters' own files in DIR/chNN/ are the chapters' business.
//
// Nothing is half-written under a final name: every file is written under a
// temporary name (.NAME.tmp.PID, next to it), flushed, fsynced and checked
// (a PNG must be a complete chunk sequence ending in IEND, at least 300x200
// and 5000 bytes; an SVG must end with </svg>), and only then renamed into
// place. (MANIFEST starts that way; then a line is appended per file and
// flushed, and a failed append stops the run before the file is renamed.)
// gnuplot writes its picture to its standard output, which the driver copies
// into the temporary file, so a full disk is seen as the driver's own write
// error. gnuplot's messages (stderr) are read through a pipe: no log files.
//
// A chapter's section is this run's or says it has none: chapter.txt and
// claims.tsv are read only if the chapter rewrote them in this run (a new
// inode or change time; the chapters write by rename), and its figures are
// drawn only when it finished (exit status 0 or 1) having written its
// claims.tsv, since otherwise its data files may be an earlier run's.
//
// SIGINT, SIGTERM and SIGHUP: the signal is passed on to the running child
// (chapter or gnuplot), which is waited for; the driver's temporary file is
// removed and the driver exits with 128 + the signal's number.
//
// Exit statuses (the README's table):
//   0    every chapter exited 0 with its claims, every figure was drawn (run
//        mode: without gnuplot figures count as skipped); --render: drawn
//   1    a chapter exited with another status or wrote no claims.tsv, or a
//        figure could not be drawn; --render: the figure could not be drawn
//   2    bad input (one line on stderr; nothing written)
//   3    a write failed: one of the driver's files (REPORT.md, MANIFEST,
//        output.txt, a figure; the run stops there), standard output, or a
//        chapter exited 3 (it could not write its own results)
//   77   --render only: skipped, no gnuplot
//   128+N  stopped by signal N
//
// A gnuplot script receives these variables (-e):
//   datadir  the chapter's data folder      plotdir  the plots/ folder
//   fmt      'png' or 'svg'                 outfile  where to write the picture:
//                                                    '/dev/stdout', read by the driver
//   and, only when the figure options are given: figure_w, figure_h (pixels),
//   font_scale (numbers)
// and loads plotdir.'/common.gp' for the terminal. Its first line is
//   # Figure: caption text
// which becomes the caption in REPORT.md.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chapter.h"
#include "claims_tsv.h"
#include "datafile.h"
#include "exitcodes.h"
#include "exercises.h"
#include "tsv.h"
#include "options.h"
#include "verdict.h"
#include "wallclock.h"

extern char **environ;

enum {
    MAX_CHAPTERS = 32,
    MAX_FIGURES = 16,
    MAX_CLAIMS = CHAPTER_MAX_CLAIMS,   // a chapter's limit (chapter.h): the two cannot differ
    PATH_LEN = 4096,
    ARG_MAX_LEN = 2048,            // longest accepted path argument: derived paths stay under PATH_LEN
    MESSAGE_LEN = 512
};

static const char *const PROGRAM = "workbook_run";

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

// ---- signals and the one temporary file ----------------------------------------
// At most one driver file is being written at a time; its temporary name is
// kept here so a signal can remove it. Updates happen with the signals
// blocked, so the handler never sees half a name.

static volatile sig_atomic_t g_signal = 0;   // the first signal received
static volatile sig_atomic_t g_child = 0;    // the running child's pid, or 0
static bool g_tee = false;                   // also copy the child's standard output to ours (one-chapter mode)
static char g_temp[PATH_LEN];                // the temporary file being written, or ""

static const int STOP_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP};

static void stop_signal_set(sigset_t *set) {
    sigemptyset(set);
    for (size_t i = 0; i < sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0]; i++) sigaddset(set, STOP_SIGNALS[i]);
}

static void block_stop_signals(sigset_t *old) {
    sigset_t set;
    stop_signal_set(&set);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void restore_signals(const sigset_t *old) { sigprocmask(SIG_SETMASK, old, NULL); }

// With a child running, pass the signal on: run_child waits for the child and
// then stops the driver. Otherwise stop now (unlink and _exit are
// async-signal-safe).
static void on_stop_signal(int sig) {
    if (g_signal == 0) g_signal = sig;
    pid_t child = (pid_t)g_child;
    if (child > 0) {
        kill(child, sig);
        return;
    }
    if (g_temp[0]) unlink(g_temp);
    _exit(128 + sig);
}

static void install_signal_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0]; i++) sigaction(STOP_SIGNALS[i], &sa, NULL);
    // A closed standard output is a write error (exit 3), not a silent death
    // that leaves a temporary file; children get SIGPIPE back (run_child).
    signal(SIGPIPE, SIG_IGN);
}

static void set_temp(const char *path) {
    sigset_t old;
    block_stop_signals(&old);
    snprintf(g_temp, sizeof g_temp, "%s", path ? path : "");
    restore_signals(&old);
}

// Called after each child: a signal that arrived while it ran stops the driver.
static void stop_if_signalled(void) {
    if (g_signal == 0) return;
    sigset_t old;
    block_stop_signals(&old);
    if (g_temp[0]) unlink(g_temp);
    g_temp[0] = '\0';
    _exit(128 + g_signal);
}

// ---- the manifest: which files the driver wrote in DIR --------------------------

typedef struct {
    FILE *fp;                      // MANIFEST, open for appending; NULL in --render mode
    char path[PATH_LEN];
} Manifest;

static Manifest g_manifest;

// A name the driver writes, relative to DIR: REPORT.md, chNN/output.txt,
// figures/NAME.png or figures/NAME.svg (NAME: letters, digits, '_', '-').
static bool driver_file_name(const char *rel) {
    if (strcmp(rel, "REPORT.md") == 0) return true;
    if (strncmp(rel, "ch", 2) == 0 && rel[2] >= '0' && rel[2] <= '9' && rel[3] >= '0' && rel[3] <= '9' &&
        strcmp(rel + 4, "/output.txt") == 0)
        return true;
    if (strncmp(rel, "figures/", 8) != 0) return false;
    const char *name = rel + 8;
    size_t len = strlen(name);
    if (len < 5 || (strcmp(name + len - 4, ".png") != 0 && strcmp(name + len - 4, ".svg") != 0)) return false;
    for (size_t i = 0; i + 4 < len; i++) {
        char ch = name[i];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
                  ch == '-';
        if (!ok) return false;
    }
    return true;
}

static bool manifest_add(const char *rel) {
    if (g_manifest.fp == NULL) return true;
    if (fprintf(g_manifest.fp, "%s\n", rel) < 0 || fflush(g_manifest.fp) != 0 || ferror(g_manifest.fp)) {
        if (errno == 0) errno = EIO;
        return false;
    }
    return true;
}

// ---- the driver's own files: temporary name, checked, then renamed ---------------

typedef struct {
    FILE *fp;
    char temp[PATH_LEN], final[PATH_LEN];
    char rel[PATH_LEN];            // the name for MANIFEST ("" in --render mode: not listed)
    int error;                     // errno of the first failed write, 0 if none
} OutFile;

static bool out_open(OutFile *o, const char *dir, const char *name, const char *rel) {
    memset(o, 0, sizeof *o);
    snprintf(o->final, sizeof o->final, "%s/%s", dir, name);
    snprintf(o->temp, sizeof o->temp, "%s/.%s.tmp.%ld", dir, name, (long)getpid());
    snprintf(o->rel, sizeof o->rel, "%s", rel ? rel : "");
    set_temp(o->temp);
    o->fp = fopen(o->temp, "wb");
    if (o->fp == NULL) {
        o->error = errno;
        set_temp(NULL);
        return false;
    }
    fcntl(fileno(o->fp), F_SETFD, FD_CLOEXEC);   // not for the children
    return true;
}

static void out_write(OutFile *o, const void *data, size_t n) {
    if (o->fp == NULL || o->error) return;
    if (fwrite(data, 1, n, o->fp) != n) o->error = errno ? errno : EIO;
}

static void out_printf(OutFile *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(OutFile *o, const char *fmt, ...) {
    if (o->fp == NULL || o->error) return;
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(o->fp, fmt, ap) < 0) o->error = errno ? errno : EIO;
    va_end(ap);
}

static void out_discard(OutFile *o) {
    if (o->fp) fclose(o->fp);
    o->fp = NULL;
    remove(o->temp);
    set_temp(NULL);
}

// Flush, fsync and close the temporary file (still under its temporary name,
// to be checked). False (errno set, temporary removed) if any write failed.
static bool out_finish(OutFile *o) {
    if (o->fp == NULL) {
        errno = o->error ? o->error : EIO;
        return false;
    }
    if (!o->error && (fflush(o->fp) != 0 || ferror(o->fp))) o->error = errno ? errno : EIO;
    if (!o->error && fsync(fileno(o->fp)) != 0) o->error = errno;
    if (fclose(o->fp) != 0 && !o->error) o->error = errno ? errno : EIO;
    o->fp = NULL;
    if (o->error) {
        remove(o->temp);
        set_temp(NULL);
        errno = o->error;
        return false;
    }
    return true;
}

// List the file in MANIFEST, then rename it into place.
static bool out_commit(OutFile *o) {
    if ((o->rel[0] && !manifest_add(o->rel)) || rename(o->temp, o->final) != 0) {
        int saved = errno;
        remove(o->temp);
        set_temp(NULL);
        errno = saved;
        return false;
    }
    set_temp(NULL);
    return true;
}

// Does MANIFEST line 'rel' belong to chapter 'name' (chNN/output.txt, figures/chNN_*)?
static bool chapter_file(const char *rel, const char *name) {
    size_t len = strlen(name);
    if (strncmp(rel, name, len) == 0 && rel[len] == '/') return true;
    return strncmp(rel, "figures/", 8) == 0 && strncmp(rel + 8, name, len) == 0 && rel[8 + len] == '_';
}

// Remove what the previous run's MANIFEST lists, then start a new MANIFEST.
// With 'keep_others' (a chapter's name: the one-chapter mode) only REPORT.md
// and that chapter's files are removed; the other lines move to the new
// MANIFEST. On failure 'why' says what and false is returned.
static bool manifest_start(const char *out, const char *keep_others, char *why, size_t why_size) {
    static char kept[MAX_CHAPTERS * (2 * MAX_FIGURES + 1)][PATH_LEN];
    int n_kept = 0;
    snprintf(g_manifest.path, sizeof g_manifest.path, "%s/MANIFEST", out);
    FILE *old = fopen(g_manifest.path, "r");
    if (old == NULL && errno != ENOENT) {
        snprintf(why, why_size, "cannot read %s: %s", g_manifest.path, strerror(errno));
        return false;
    }
    if (old) {
        char line[PATH_LEN];
        while (fgets(line, sizeof line, old)) {
            line[strcspn(line, "\r\n")] = '\0';
            if (line[0] == '#' || !driver_file_name(line)) continue;
            if (keep_others && strcmp(line, "REPORT.md") != 0 && !chapter_file(line, keep_others)) {
                if (n_kept < (int)(sizeof kept / sizeof kept[0])) snprintf(kept[n_kept++], PATH_LEN, "%s", line);
                continue;
            }
            char path[2 * PATH_LEN];
            snprintf(path, sizeof path, "%s/%s", out, line);
            if (unlink(path) != 0 && errno != ENOENT) {
                snprintf(why, why_size, "cannot remove %s, written by the previous run: %s", path, strerror(errno));
                fclose(old);
                return false;
            }
        }
        fclose(old);
    }
    // The new MANIFEST replaces the old one only now that its files are gone.
    OutFile f;
    if (!out_open(&f, out, "MANIFEST", NULL)) {
        snprintf(why, why_size, "cannot write %s: %s", g_manifest.path, strerror(f.error));
        return false;
    }
    out_printf(&f, "# The files workbook_run wrote here in its last run; the next run removes them first.\n");
    for (int i = 0; i < n_kept; i++) out_printf(&f, "%s\n", kept[i]);
    if (!out_finish(&f) || !out_commit(&f)) {
        snprintf(why, why_size, "cannot write %s: %s", g_manifest.path, strerror(errno));
        return false;
    }
    g_manifest.fp = fopen(g_manifest.path, "a");
    if (g_manifest.fp == NULL) {
        snprintf(why, why_size, "cannot write %s: %s", g_manifest.path, strerror(errno));
        return false;
    }
    fcntl(fileno(g_manifest.fp), F_SETFD, FD_CLOEXEC);
    return true;
}

// Drivers before MANIFEST left gnuplot logs (.NAME.png.log, .NAME.svg.log)
// and, when killed, temporaries (.NAME.tmp.png, .NAME.tmp.svg) in figures/:
// names only they wrote. Remove those.
static bool legacy_driver_file(const char *name) {
    static const char *const ENDINGS[] = {".png.log", ".svg.log", ".tmp.png", ".tmp.svg"};
    size_t len = strlen(name);
    if (name[0] != '.' || len < 10) return false;
    for (size_t i = 0; i < sizeof ENDINGS / sizeof ENDINGS[0]; i++) {
        size_t el = strlen(ENDINGS[i]);
        if (len > el + 1 && strcmp(name + len - el, ENDINGS[i]) == 0) {
            char rel[PATH_LEN];
            snprintf(rel, sizeof rel, "figures/%.*s.png", (int)(len - el - 1), name + 1);
            return driver_file_name(rel);
        }
    }
    return false;
}

static void remove_legacy_files(const char *figdir) {
    DIR *dir = opendir(figdir);
    if (dir == NULL) return;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (!legacy_driver_file(e->d_name)) continue;
        char path[2 * PATH_LEN];
        snprintf(path, sizeof path, "%s/%s", figdir, e->d_name);
        unlink(path);
    }
    closedir(dir);
}

// ---- children ---------------------------------------------------------------------

typedef struct {
    int status;                    // exit status as a shell shows it (128+N for signal N); -1: not started
    int signal;                    // the signal that ended it, 0 if none
    int spawn_error;               // errno when it could not be started
} ChildResult;

// Run argv[0] (a resolved path). Its standard output is copied into 'sink'
// (NULL: /dev/null); its standard error is collected into err (NULL: shared
// with the driver's). Waits for it, passing on a stop signal meanwhile.
static ChildResult run_child(char *const argv[], OutFile *sink, char *err, size_t err_size) {
    ChildResult result = {-1, 0, 0};
    if (err) err[0] = '\0';
    int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    if ((sink && pipe(out_pipe) != 0) || (err && pipe(err_pipe) != 0)) {
        result.spawn_error = errno;
        if (out_pipe[0] >= 0) close(out_pipe[0]), close(out_pipe[1]);
        return result;
    }
    if (out_pipe[0] >= 0) fcntl(out_pipe[0], F_SETFD, FD_CLOEXEC), fcntl(out_pipe[1], F_SETFD, FD_CLOEXEC);
    if (err_pipe[0] >= 0) fcntl(err_pipe[0], F_SETFD, FD_CLOEXEC), fcntl(err_pipe[1], F_SETFD, FD_CLOEXEC);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (sink) posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    else posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    if (err) posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);

    // The child starts with the default action for the stop signals and
    // SIGPIPE, and the driver's signal mask as it was before blocking.
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
    if (out_pipe[1] >= 0) close(out_pipe[1]);
    if (err_pipe[1] >= 0) close(err_pipe[1]);
    if (rc != 0) {
        if (out_pipe[0] >= 0) close(out_pipe[0]);
        if (err_pipe[0] >= 0) close(err_pipe[0]);
        result.spawn_error = rc;
        return result;
    }

    // Read both pipes until the child closes them.
    struct pollfd fds[2];
    int nfds = 0;
    if (out_pipe[0] >= 0) fds[nfds++] = (struct pollfd){out_pipe[0], POLLIN, 0};
    if (err_pipe[0] >= 0) fds[nfds++] = (struct pollfd){err_pipe[0], POLLIN, 0};
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
            if (fds[i].fd == out_pipe[0]) {
                if (!g_signal) out_write(sink, buf, (size_t)n);   // after a signal: drain only
                if (!g_signal && g_tee && fwrite(buf, 1, (size_t)n, stdout) == (size_t)n) fflush(stdout);
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

    // Wait without reaping (the pid stays the child's, so passing a signal
    // on cannot reach another process), then reap with the signals blocked.
    siginfo_t info;
    while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
    }
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

// ---- input checks -------------------------------------------------------------------

static int reject(const char *option, const char *value, const char *accepted) {
    options_reject(PROGRAM, option, value, accepted);
    return EXIT_BAD_INPUT;
}

// Resolve a program: a name with a '/' is used as it is, a bare name is
// looked up on PATH. On failure 'why' says what is wrong.
static bool resolve_program(const char *name, char *resolved, size_t size, char *why, size_t why_size) {
    struct stat st;
    if (strchr(name, '/')) {
        if (stat(name, &st) != 0) {
            snprintf(why, why_size, "%s", strerror(errno));
            return false;
        }
        if (S_ISDIR(st.st_mode)) {
            snprintf(why, why_size, "it is a folder, not a program");
            return false;
        }
        if (!S_ISREG(st.st_mode) || access(name, X_OK) != 0) {
            snprintf(why, why_size, "not an executable file");
            return false;
        }
        snprintf(resolved, size, "%s", name);
        return true;
    }
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        const char *colon = strchr(p, ':');
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        if (len > 0 && len + strlen(name) + 2 <= size) {
            snprintf(resolved, size, "%.*s/%s", (int)len, p, name);
            if (stat(resolved, &st) == 0 && S_ISREG(st.st_mode) && access(resolved, X_OK) == 0) return true;
        }
        p += len;
        if (*p == ':') p++;
    }
    if (stat(name, &st) == 0)
        snprintf(why, why_size, "not found on PATH (for the one in this folder, write ./%s)", name);
    else
        snprintf(why, why_size, "not found on PATH");
    return false;
}

// A path that goes into a gnuplot string: no control characters (single
// quotes are doubled, see gp_quote), and short enough.
static bool path_text_ok(const char *option, const char *value, const char *what) {
    char accepted[256];
    if (value[0] == '\0') {
        snprintf(accepted, sizeof accepted, "expected %s, not an empty name", what);
        reject(option, value, accepted);
        return false;
    }
    if (strlen(value) > ARG_MAX_LEN) {
        snprintf(accepted, sizeof accepted, "expected %s of at most %d characters", what, ARG_MAX_LEN);
        reject(option, value, accepted);
        return false;
    }
    for (const unsigned char *p = (const unsigned char *)value; *p; p++)
        if (*p < 0x20 || *p == 0x7f) {
            snprintf(accepted, sizeof accepted, "expected %s without control characters (tabs, newlines)", what);
            reject(option, value, accepted);
            return false;
        }
    return true;
}

static bool is_folder(const char *path, char *why, size_t why_size) {
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(why, why_size, "not a folder (%s)", strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, why_size, "not a folder");
        return false;
    }
    return true;
}

// gnuplot single-quoted strings write a single quote as two.
static void gp_quote(char *dst, size_t size, const char *src) {
    size_t n = 0;
    for (const char *p = src; *p && n + 3 < size; p++) {
        if (*p == '\'') dst[n++] = '\'';
        dst[n++] = *p;
    }
    dst[n] = '\0';
}

// ---- figures -----------------------------------------------------------------------

static bool file_size(const char *path, long *size) {
    struct stat st;
    if (stat(path, &st) != 0) return false;
    *size = (long)st.st_size;
    return true;
}

static unsigned long be32(const unsigned char *p) {
    return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) | ((unsigned long)p[2] << 8) | p[3];
}

// A real picture: PNG signature, IHDR at least 300x200, more than a blank
// canvas's worth of bytes, and complete: chunk after chunk up to an IEND
// that ends the file exactly (a cut file ends inside a chunk).
static bool png_is_real(const char *path, char *why, size_t why_size) {
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        snprintf(why, why_size, "no PNG was written");
        return false;
    }
    long size = 0;
    file_size(path, &size);
    unsigned char h[24];
    size_t got = fread(h, 1, sizeof h, fp);
    static const unsigned char SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (got < sizeof h || memcmp(h, SIGNATURE, 8) != 0 || memcmp(h + 12, "IHDR", 4) != 0) {
        fclose(fp);
        snprintf(why, why_size, "the file is not a PNG (%ld bytes)", size);
        return false;
    }
    unsigned long w = be32(h + 16), ht = be32(h + 20);
    long offset = 8;
    bool complete = false;
    while (offset + 12 <= size) {
        unsigned char chunk[8];
        if (fseek(fp, offset, SEEK_SET) != 0 || fread(chunk, 1, 8, fp) != 8) break;
        unsigned long len = be32(chunk);
        if (len > 0x7fffffffUL) break;
        offset += 12 + (long)len;
        if (memcmp(chunk + 4, "IEND", 4) == 0) {
            complete = offset == size;
            break;
        }
    }
    fclose(fp);
    if (!complete) {
        snprintf(why, why_size, "the PNG is cut short or damaged (%ld bytes, no IEND chunk ending it)", size);
        return false;
    }
    if (w < 300 || ht < 200 || size < 5000) {
        snprintf(why, why_size, "the PNG is too small to be a figure (%lux%lu, %ld bytes)", w, ht, size);
        return false;
    }
    return true;
}

// A complete SVG ends with </svg> (and perhaps white space).
static bool svg_is_real(const char *path, char *why, size_t why_size) {
    long size = 0;
    FILE *fp = fopen(path, "rb");
    if (fp == NULL || !file_size(path, &size) || size < 1000) {
        if (fp) fclose(fp);
        snprintf(why, why_size, "the SVG is missing or empty (%ld bytes)", size);
        return false;
    }
    char tail[65];
    long from = size > 64 ? size - 64 : 0;
    size_t got = 0;
    if (fseek(fp, from, SEEK_SET) == 0) got = fread(tail, 1, 64, fp);
    fclose(fp);
    tail[got] = '\0';
    size_t end = strlen(tail);
    while (end > 0 && (tail[end - 1] == '\n' || tail[end - 1] == '\r' || tail[end - 1] == ' ' || tail[end - 1] == '\t'))
        end--;
    if (end < 6 || strncmp(tail + end - 6, "</svg>", 6) != 0) {
        snprintf(why, why_size, "the SVG is cut short (%ld bytes, it does not end with </svg>)", size);
        return false;
    }
    return true;
}

static void first_line(const char *path, char *buf, size_t size) {
    buf[0] = '\0';
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return;
    if (fgets(buf, (int)size, fp) == NULL) buf[0] = '\0';
    fclose(fp);
    buf[strcspn(buf, "\r\n")] = '\0';
}

// The caption is the script's "# Figure: ..." first line.
static void figure_caption(const char *script, char *buf, size_t size) {
    char line[512];
    first_line(script, line, sizeof line);
    const char *tag = "# Figure: ";
    if (strncmp(line, tag, strlen(tag)) == 0)
        snprintf(buf, size, "%s", line + strlen(tag));
    else
        snprintf(buf, size, "%s", base_name(script));
}

// gnuplot's message: its non-blank lines, trimmed, joined by " / ", leaving
// out the lines that only point a caret at the error.
static void gnuplot_message(const char *text, char *buf, size_t size) {
    buf[0] = '\0';
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        size_t a = 0, b = len;
        while (a < b && (p[a] == ' ' || p[a] == '\t' || p[a] == '\r')) a++;
        while (b > a && (p[b - 1] == ' ' || p[b - 1] == '\t' || p[b - 1] == '\r')) b--;
        bool caret_only = b > a && strspn(p + a, "^ ") >= b - a;
        if (b > a && !caret_only) {
            size_t used = strlen(buf);
            snprintf(buf + used, size - used, "%s%.*s", used ? " / " : "", (int)(b - a), p + a);
        }
        p += len;
        if (*p == '\n') p++;
    }
}

typedef enum { FIGURE_DRAWN, FIGURE_FAILED, FIGURE_NO_GNUPLOT, FIGURE_NO_DATA } FigureState;

// The figure options as gnuplot assignments ("; figure_w=1600; figure_h=900;
// font_scale=1.5"), appended to every script's -e variables; "" without them.
static char figure_vars[128] = "";

typedef struct {
    char name[128];                // ch01_attention_weights
    char caption[512];
    FigureState state;
    char why[MESSAGE_LEN];         // when not drawn
} Figure;

// Render 'script' as PNG and SVG into figdir (listed in MANIFEST as
// figures/NAME.* when 'listed'). Returns false with fig->why set when the
// figure could not be drawn; *write_error is set (errno) when that was
// because the driver could not write the file.
static bool render_figure(const char *gnuplot, const char *script, const char *datadir, const char *figdir,
                          bool listed, Figure *fig, int *write_error) {
    *write_error = 0;
    fig->state = FIGURE_FAILED;
    char plotdir[PATH_LEN];
    snprintf(plotdir, sizeof plotdir, "%s", script);
    char *slash = strrchr(plotdir, '/');
    if (slash) *slash = '\0';
    else snprintf(plotdir, sizeof plotdir, ".");
    char q_data[2 * PATH_LEN], q_plot[2 * PATH_LEN];
    gp_quote(q_data, sizeof q_data, datadir);
    gp_quote(q_plot, sizeof q_plot, plotdir);

    static const char *const FORMATS[2] = {"png", "svg"};
    for (int f = 0; f < 2; f++) {
        char name[160], rel[200], vars[4 * PATH_LEN + 128], err[4096];
        snprintf(name, sizeof name, "%s.%s", fig->name, FORMATS[f]);
        snprintf(rel, sizeof rel, "figures/%s", name);
        // gnuplot writes the picture to its standard output: the driver
        // copies it into the temporary file and sees any write error.
        snprintf(vars, sizeof vars, "datadir='%s'; plotdir='%s'; fmt='%s'; outfile='/dev/stdout'%s", q_data, q_plot,
                 FORMATS[f], figure_vars);
        OutFile o;
        if (!out_open(&o, figdir, name, listed ? rel : NULL)) {
            *write_error = o.error;
            snprintf(fig->why, sizeof fig->why, "cannot write %s/%s: %s", figdir, name, strerror(o.error));
            return false;
        }
        char *argv[] = {(char *)gnuplot, "-e", vars, (char *)script, NULL};
        ChildResult r = run_child(argv, &o, err, sizeof err);
        stop_if_signalled();
        char message[400];
        gnuplot_message(err, message, sizeof message);
        if (r.status < 0) {
            out_discard(&o);
            snprintf(fig->why, sizeof fig->why, "could not start gnuplot %s (%s)", gnuplot, strerror(r.spawn_error));
            return false;
        }
        if (o.error) {
            *write_error = o.error;
            snprintf(fig->why, sizeof fig->why, "cannot write %s/%s: %s", figdir, name, strerror(o.error));
            out_discard(&o);
            return false;
        }
        if (r.status != 0) {
            out_discard(&o);
            if (r.signal)
                snprintf(fig->why, sizeof fig->why, "gnuplot was killed by signal %d (%s) on %s: %s", r.signal,
                         strsignal(r.signal), FORMATS[f], message[0] ? message : "no message");
            else
                snprintf(fig->why, sizeof fig->why, "gnuplot failed (exit %d) on %s: %s", r.status, FORMATS[f],
                         message[0] ? message : "no message");
            return false;
        }
        if (!out_finish(&o)) {
            *write_error = errno;
            snprintf(fig->why, sizeof fig->why, "cannot write %s/%s: %s", figdir, name, strerror(errno));
            return false;
        }
        char why[MESSAGE_LEN];
        bool real = f == 0 ? png_is_real(o.temp, why, sizeof why) : svg_is_real(o.temp, why, sizeof why);
        if (!real) {
            out_discard(&o);
            snprintf(fig->why, sizeof fig->why, "%s%s%s", why, message[0] ? "; gnuplot said: " : "", message);
            return false;
        }
        if (!out_commit(&o)) {
            *write_error = errno;
            snprintf(fig->why, sizeof fig->why, "cannot put %s/%s in place: %s", figdir, name, strerror(errno));
            return false;
        }
    }
    fig->state = FIGURE_DRAWN;
    return true;
}

// ---- one chapter's results ---------------------------------------------------

typedef struct {
    char id[16], source[128], verdict[32], expected[32], measured[32], document[32], tolerance[32];
    char key[160], statement[400], finding[800];
} ClaimRow;

typedef struct {
    char name[8];                  // ch01
    char program[PATH_LEN];        // the resolved path
    char title[256];
    char summary[1024];
    bool text_fresh;               // chapter.txt was written by this run
    bool claims_fresh;             // claims.tsv was written by this run
    bool claims_stale;             // a claims.tsv from an earlier run is there
    ChildResult result;
    double seconds;
    ClaimRow claims[MAX_CLAIMS];
    int n_claims;
    char claims_problem[128];      // claims.tsv could not be read whole ("" if it could)
    Figure figures[MAX_FIGURES];
    int n_figures;
    Exercise exercises[EXERCISES_MAX];   // exercises/chNN.tsv (common/exercises.h)
    int n_exercises;
    bool run;                      // run in this run (the one-chapter mode runs one; the others are copied)
    char settings[1024];           // one-chapter mode: the options given ("" = the course's settings)
} ChapterRun;

// DIR/chNN.tsv (common/exercises.h). A missing file means no exercises; a
// file that cannot be read whole is reported and shows none.
static void read_exercises(const char *dir, ChapterRun *c) {
    c->n_exercises = 0;
    if (dir == NULL) return;
    char why[MESSAGE_LEN];
    int n = exercises_read(dir, c->name, c->exercises, why, sizeof why);
    if (n < 0) fprintf(stderr, "%s: %s; no exercises shown\n", PROGRAM, why);
    c->n_exercises = n > 0 ? n : 0;
}

// The command a learner types for an exercise.
static void exercise_command(const ChapterRun *c, const Exercise *e, char *buf, size_t size) {
    snprintf(buf, size, "./workbook %s%s%s", c->name, e->options[0] ? " " : "", e->options);
}

static void copy_field(char *dst, size_t size, const char *src) { snprintf(dst, size, "%s", src ? src : ""); }

// claims.tsv's columns are found by name in its header row (common/claims_tsv.h).
// A file with more rows than a chapter can have, or without a column, is
// reported, never cut silently.
static void read_claims(const char *path, ChapterRun *c) {
    c->n_claims = 0;
    c->claims_problem[0] = '\0';
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return;
    char line[4096];
    size_t col[CLAIMS_TSV_N];
    bool header = true;
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *fields[2 * CLAIMS_TSV_N];
        size_t n = tsv_split(line, fields, 2 * CLAIMS_TSV_N);
        if (header) {
            const char *missing = NULL;
            if (!claims_tsv_columns(fields, n, col, &missing)) {
                snprintf(c->claims_problem, sizeof c->claims_problem, "claims.tsv has no column '%s'", missing);
                break;
            }
            header = false;
            continue;
        }
        if (c->n_claims == MAX_CLAIMS) {
            snprintf(c->claims_problem, sizeof c->claims_problem, "claims.tsv has more than %d rows", MAX_CLAIMS);
            break;
        }
        bool complete = true;
        for (size_t k = 0; k < CLAIMS_TSV_N; k++) complete = complete && col[k] < n;
        if (!complete) continue;
        ClaimRow *r = &c->claims[c->n_claims++];
        copy_field(r->id, sizeof r->id, fields[col[CLAIMS_TSV_id]]);
        copy_field(r->source, sizeof r->source, fields[col[CLAIMS_TSV_source]]);
        copy_field(r->verdict, sizeof r->verdict, fields[col[CLAIMS_TSV_verdict]]);
        copy_field(r->expected, sizeof r->expected, fields[col[CLAIMS_TSV_expected_verdict]]);
        copy_field(r->measured, sizeof r->measured, fields[col[CLAIMS_TSV_measured]]);
        copy_field(r->document, sizeof r->document, fields[col[CLAIMS_TSV_document]]);
        copy_field(r->tolerance, sizeof r->tolerance, fields[col[CLAIMS_TSV_tolerance]]);
        copy_field(r->key, sizeof r->key, fields[col[CLAIMS_TSV_key]]);
        copy_field(r->statement, sizeof r->statement, fields[col[CLAIMS_TSV_statement]]);
        copy_field(r->finding, sizeof r->finding, fields[col[CLAIMS_TSV_finding]]);
    }
    fclose(fp);
}

static void read_chapter_text(const char *path, ChapterRun *c) {
    c->title[0] = c->summary[0] = '\0';
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return;
    char line[1024];
    if (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        copy_field(c->title, sizeof c->title, line);
    }
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = ' ';
        strncat(c->summary, line, sizeof c->summary - strlen(c->summary) - 1);
    }
    fclose(fp);
}

// Which version of a file is there: a file written anew by rename has a new
// inode, and even a reused inode gets a new change time.
typedef struct {
    bool exists;
    dev_t dev;
    ino_t ino;
    struct timespec ctime, mtime;
    off_t size;
} FileVersion;

static FileVersion file_version(const char *path) {
    FileVersion v;
    memset(&v, 0, sizeof v);
    struct stat st;
    if (stat(path, &st) == 0) {
        v.exists = true;
        v.dev = st.st_dev;
        v.ino = st.st_ino;
        v.ctime = st.st_ctim;
        v.mtime = st.st_mtim;
        v.size = st.st_size;
    }
    return v;
}

static bool same_version(const FileVersion *a, const FileVersion *b) {
    return a->exists == b->exists && a->dev == b->dev && a->ino == b->ino && a->ctime.tv_sec == b->ctime.tv_sec &&
           a->ctime.tv_nsec == b->ctime.tv_nsec && a->mtime.tv_sec == b->mtime.tv_sec &&
           a->mtime.tv_nsec == b->mtime.tv_nsec && a->size == b->size;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

// plots/<chapter>_*.gp, sorted.
static int find_scripts(const char *plots, const char *chapter, char out[][PATH_LEN], int max) {
    DIR *dir = opendir(plots);
    if (dir == NULL) return 0;
    char *names[MAX_FIGURES];
    int n = 0;
    struct dirent *e;
    size_t len = strlen(chapter);
    while ((e = readdir(dir)) != NULL && n < max) {
        size_t nl = strlen(e->d_name);
        if (strncmp(e->d_name, chapter, len) == 0 && e->d_name[len] == '_' && nl > 3 &&
            strcmp(e->d_name + nl - 3, ".gp") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(dir);
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    for (int i = 0; i < n; i++) {
        snprintf(out[i], PATH_LEN, "%s/%s", plots, names[i]);
        free(names[i]);
    }
    return n;
}

static void count_verdicts(const ChapterRun *c, char *buf, size_t size) {
    static const char *const KINDS[] = {"holds", "partly holds", "erratum", "does not hold", "not run"};
    buf[0] = '\0';
    for (int k = 0; k < 5; k++) {
        int n = 0;
        for (int i = 0; i < c->n_claims; i++) n += strcmp(c->claims[i].verdict, KINDS[k]) == 0;
        if (n == 0) continue;
        char part[64];
        snprintf(part, sizeof part, "%s%d %s", buf[0] ? ", " : "", n, KINDS[k]);
        strncat(buf, part, size - strlen(buf) - 1);
    }
    if (buf[0] == '\0') snprintf(buf, size, "none");
}

static int drawn_count(const ChapterRun *c) {
    int n = 0;
    for (int i = 0; i < c->n_figures; i++) n += c->figures[i].state == FIGURE_DRAWN;
    return n;
}

// Did the chapter finish, so that its data files are this run's?
static bool chapter_finished(const ChapterRun *c) {
    return (c->result.status == 0 || c->result.status == 1) && c->claims_fresh;
}

static bool chapter_ok(const ChapterRun *c) {
    return c->result.status == 0 && c->claims_fresh && c->claims_problem[0] == '\0';
}

static const char *shown_title(const ChapterRun *c) {
    return c->text_fresh && c->title[0] ? c->title : "(no chapter.txt from this run)";
}

// What went wrong, in a few words ("" when nothing did).
static void status_words(const ChapterRun *c, char *buf, size_t size) {
    const ChildResult *r = &c->result;
    if (r->status < 0)
        snprintf(buf, size, "could not be started (%s)", strerror(r->spawn_error));
    else if (r->signal)
        snprintf(buf, size, "killed by signal %d (%s), exit status %d", r->signal, strsignal(r->signal), r->status);
    else if (r->status != 0)
        snprintf(buf, size, "exit status %d", r->status);
    else if (!c->claims_fresh)
        snprintf(buf, size, "exit status 0 but no claims.tsv written");
    else
        buf[0] = '\0';
}

// Markdown table cells cannot hold '|'.
static void md_cell(OutFile *f, const char *text) {
    for (const char *p = text; *p; p++) {
        if (*p == '|') out_printf(f, "\\|");
        else out_printf(f, "%c", *p);
    }
}

static void write_glance_row(OutFile *f, const ChapterRun *c) {
    char verdicts[256], words[MESSAGE_LEN];
    count_verdicts(c, verdicts, sizeof verdicts);
    status_words(c, words, sizeof words);
    out_printf(f, "| [%s](#%s) | ", c->name, c->name);
    md_cell(f, shown_title(c));
    out_printf(f, " | %d | %s", c->n_claims, verdicts);
    if (words[0]) out_printf(f, " (**%s: see below**)", words);
    out_printf(f, " | %d/%d | %.1f |\n", drawn_count(c), c->n_figures, c->seconds);
}

static void write_exercises(OutFile *f, const ChapterRun *c) {
    if (c->n_exercises == 0) return;
    out_printf(f, "\n### Exercises\n\nPredict the answer first, then run the command: it prints the answer at "
                  "the end (folded here).\n");
    for (int k = 0; k < c->n_exercises; k++) {
        const Exercise *e = &c->exercises[k];
        char command[700];
        exercise_command(c, e, command, sizeof command);
        out_printf(f, "\n**Exercise %s.** %s\n\n```sh\n%s\n```\n\n<details><summary>Answer</summary>\n\n%s\n\n"
                      "</details>\n", e->id, e->question, command, e->answer);
    }
}

static void write_section(OutFile *f, const ChapterRun *c) {
    out_printf(f, "\n<a id=\"%s\"></a>\n## %s: %s\n\n", c->name, c->name, shown_title(c));
    if (c->text_fresh && c->summary[0]) out_printf(f, "%s\n\n", c->summary);
    if (c->settings[0])
        out_printf(f, "Run with `./workbook %s %s`. With settings other than the course's (its defaults), a "
                      "verdict that differs from the one the course's settings give is a *finding* of those "
                      "settings, not a failure.\n\n", c->name, c->settings);
    out_printf(f, "The chapter's full narrative, with every number it printed: [%s/output.txt](%s/output.txt); "
                  "its data: `%s/`.\n\n", c->name, c->name, c->name);
    const ChildResult *r = &c->result;
    if (r->status < 0)
        out_printf(f, "**The chapter could not be started** (%s).\n\n", strerror(r->spawn_error));
    else if (r->signal)
        out_printf(f, "**The chapter was killed by signal %d (%s; exit status %d)**: it did not finish.\n\n",
                   r->signal, strsignal(r->signal), r->status);
    else if (r->status == 1)
        out_printf(f, "**The chapter exited with status 1**: a verdict differs from the expected one "
                      "(marked below).\n\n");
    else if (r->status == EXIT_IO_FAILED)
        out_printf(f, "**The chapter exited with status 3**: it could not write its results (see "
                      "`%s/output.txt` and the terminal).\n\n", c->name);
    else if (r->status != 0)
        out_printf(f, "**The chapter exited with status %d**: it did not finish as expected (see "
                      "`%s/output.txt` and the terminal).\n\n", r->status, c->name);
    else if (!c->claims_fresh)
        out_printf(f, "**The chapter exited with status 0 but wrote no `claims.tsv`**: it is not a workbook "
                      "chapter, or it failed without saying so.\n\n");
    if (!c->claims_fresh)
        out_printf(f, "No claims from this run: the chapter wrote no `claims.tsv` this time%s.\n\n",
                   c->claims_stale ? " (the one in its folder is from an earlier run and is not shown)" : "");
    if (c->n_claims > 0) {
        out_printf(f, "| claim | source | the claim | verdict | key number | document | finding |\n"
                      "|---|---|---|---|---|---|---|\n");
        for (int k = 0; k < c->n_claims; k++) {
            const ClaimRow *row = &c->claims[k];
            bool ok = strcmp(row->verdict, row->expected) == 0;
            // A chapter that exits 0 with a verdict other than the expected one
            // ran with other settings: that verdict is a finding of them.
            bool finding = !ok && r->status == 0;
            out_printf(f, "| %s | ", row->id);
            md_cell(f, row->source);
            out_printf(f, " | ");
            md_cell(f, row->statement);
            out_printf(f, " | **%s**%s%s%s | ", row->verdict,
                       ok ? "" : finding ? " (a finding of these settings; the course's give " : " (expected ",
                       ok ? "" : row->expected, ok ? "" : ")");
            md_cell(f, row->key);
            out_printf(f, " = %s | %s | ", row->measured, row->document);
            md_cell(f, row->finding);
            out_printf(f, " |\n");
        }
    }
    for (int k = 0; k < c->n_figures; k++) {
        const Figure *fig = &c->figures[k];
        if (fig->state == FIGURE_DRAWN)
            out_printf(f, "\n![%s](figures/%s.png)\n\n*Figure %s: %s* ([SVG](figures/%s.svg))\n", fig->caption,
                       fig->name, fig->name, fig->caption, fig->name);
        else
            out_printf(f, "\n*Figure %s (%s) is missing: %s.*\n", fig->name, fig->caption, fig->why);
    }
    write_exercises(f, c);
}

// The earlier REPORT.md's row or section for a chapter (the one-chapter mode
// copies them): the row is the line starting "| [chNN](#chNN) |", the section
// runs from its "<a id=" anchor to the next chapter's. Returns the length, 0
// when it is not there.
static size_t old_row(const char *old, const char *name, const char **start) {
    if (old == NULL) return 0;
    char tag[64];
    snprintf(tag, sizeof tag, "\n| [%s](#%s) |", name, name);
    const char *p = strstr(old, tag);
    if (p == NULL) return 0;
    *start = p + 1;
    const char *end = strchr(*start, '\n');
    return end ? (size_t)(end + 1 - *start) : strlen(*start);
}

static size_t old_section(const char *old, const char *name, const char **start) {
    if (old == NULL) return 0;
    char tag[64];
    snprintf(tag, sizeof tag, "\n<a id=\"%s\"></a>\n", name);
    const char *p = strstr(old, tag);
    if (p == NULL) return 0;
    *start = p;
    const char *next = strstr(p + 1, "\n<a id=\"ch");
    return next ? (size_t)(next - p) : strlen(p);
}

// 'old' (one-chapter mode): the earlier REPORT.md's text, or NULL; the
// chapters not run in this run are copied from it.
static void write_report_text(OutFile *f, const ChapterRun *runs, int n, const char *gnuplot, const char *old) {
    bool all_run = true;
    for (int i = 0; i < n; i++) all_run = all_run && runs[i].run;
    out_printf(f, "# pe-workbook report: how a Transformer knows word order\n\n");
    out_printf(f, "Every claim the four course documents make about self-attention and positional\n"
                  "encoding, computed and checked. A verdict is computed from the measured number;\n"
                  "*expected* is the verdict the workbook stands behind after checking the maths.\n"
                  "Data files: `chNN/` next to this report; figures: `figures/` (PNG and SVG);\n"
                  "each chapter's full narrative: `chNN/output.txt`. ");
    if (all_run)
        out_printf(f, "Everything shown here comes\nfrom one run of the workbook.\n\n");
    else
        out_printf(f, "Each chapter's section comes\nfrom that chapter's latest run: `./workbook` runs them all, "
                      "`./workbook chNN` one.\n\n");
    if (gnuplot == NULL)
        out_printf(f, "> gnuplot was not found on PATH, so no figure was drawn. Install `gnuplot-nox` and run "
                      "`./workbook` again.\n\n");
    out_printf(f, "## At a glance\n\n| chapter | title | claims | verdicts | figures | seconds |\n"
                  "|---|---|---|---|---|---|\n");
    for (int i = 0; i < n; i++) {
        const char *start = NULL;
        size_t len = 0;
        if (runs[i].run) write_glance_row(f, &runs[i]);
        else if ((len = old_row(old, runs[i].name, &start)) > 0) out_write(f, start, len);
        else out_printf(f, "| [%s](#%s) | not run yet | 0 | none | 0/0 | - |\n", runs[i].name, runs[i].name);
    }
    for (int i = 0; i < n; i++) {
        const char *start = NULL;
        size_t len = 0;
        if (runs[i].run) write_section(f, &runs[i]);
        else if ((len = old_section(old, runs[i].name, &start)) > 0) out_write(f, start, len);
        else {
            out_printf(f, "\n<a id=\"%s\"></a>\n## %s: not run yet\n\n`./workbook %s` runs this chapter (and "
                          "`./workbook` every chapter).\n", runs[i].name, runs[i].name, runs[i].name);
            write_exercises(f, &runs[i]);
        }
    }
}

static bool write_report(const char *out, const ChapterRun *runs, int n, const char *gnuplot, const char *old) {
    OutFile f;
    if (!out_open(&f, out, "REPORT.md", "REPORT.md")) {
        errno = f.error;
        return false;
    }
    write_report_text(&f, runs, n, gnuplot, old);
    return out_finish(&f) && out_commit(&f);
}

// figures/ holds this run's figures; say so when it also holds files the
// driver did not write in this run (they are left alone).
static void note_foreign_figures(const char *figdir, const ChapterRun *runs, int n) {
    DIR *dir = opendir(figdir);
    if (dir == NULL) return;
    int foreign = 0;
    char example[256] = "";
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        bool ours = false;
        for (int i = 0; i < n && !ours; i++)
            for (int k = 0; k < runs[i].n_figures && !ours; k++) {
                const Figure *fig = &runs[i].figures[k];
                size_t len = strlen(fig->name);
                ours = fig->state == FIGURE_DRAWN && strncmp(e->d_name, fig->name, len) == 0 &&
                       (strcmp(e->d_name + len, ".png") == 0 || strcmp(e->d_name + len, ".svg") == 0);
            }
        if (ours) continue;
        if (foreign++ == 0) snprintf(example, sizeof example, "%s", e->d_name);
    }
    closedir(dir);
    if (foreign)
        printf("\nNote: %s/ also holds %d file%s this run did not write (e.g. %s), left there untouched.\n", figdir,
               foreign, foreign == 1 ? "" : "s", example);
}

// The end of a one-chapter run: the answer of the exercise whose options
// these are, or else the chapter's exercises to try.
static void print_exercises(const ChapterRun *c, const char *settings) {
    if (c->n_exercises == 0) return;
    char command[700];
    for (int k = 0; k < c->n_exercises; k++) {
        const Exercise *e = &c->exercises[k];
        if (strcmp(e->options, settings) != 0) continue;
        exercise_command(c, e, command, sizeof command);
        printf("\nExercise %s: %s\nAnswer (computed by this run's numbers above; the test exercise.%s checks "
               "it): %s\n", e->id, e->question, e->id, e->answer);
        return;
    }
    printf("\nExercises for %s: predict the answer first, then run the command (it prints the answer at the end):\n",
           c->name);
    for (int k = 0; k < c->n_exercises; k++) {
        const Exercise *e = &c->exercises[k];
        exercise_command(c, e, command, sizeof command);
        printf("  %s  %s\n      %s\n", e->id, e->question, command);
    }
}

// ---- the command line ------------------------------------------------------------

static const char USAGE[] =
    "usage: workbook_run --out DIR --plots DIR [--gnuplot PROGRAM] [--exercises DIR] [FIGURE OPTIONS] CHAPTER...\n"
    "       workbook_run --out DIR --plots DIR [--gnuplot PROGRAM] [--exercises DIR] [FIGURE OPTIONS]\n"
    "                    --chapter chNN CHAPTER... [-- CHAPTER-OPTION...]\n"
    "       workbook_run --render SCRIPT --data DIR --figures DIR [--gnuplot PROGRAM] [FIGURE OPTIONS]\n"
    "       workbook_run --help\n"
    "\n"
    "Runs each chapter program (named chNN; a path or a name on PATH; at most 32,\n"
    "each once) into DIR/chNN/, draws plots/chNN_*.gp into DIR/figures/ (PNG and\n"
    "SVG) and writes DIR/REPORT.md. DIR holds exactly one run: the files the\n"
    "previous run listed in DIR/MANIFEST are removed first. --render draws one\n"
    "figure from the data in --data. --chapter chNN runs only that chapter (with\n"
    "the options after --), redraws its figures and rewrites its section of\n"
    "REPORT.md; the other sections are kept. --exercises (default: exercises/\n"
    "next to --plots) adds each chapter's exercises. gnuplot is --gnuplot PROGRAM, or gnuplot on\n"
    "PATH; without one, figures are skipped. Exit status: 0 as expected, 1 a\n"
    "chapter or figure came out differently, 2 bad input, 3 a write failed,\n"
    "77 (--render) no gnuplot, 128+N stopped by signal N.\n"
    "\n"
    "FIGURE OPTIONS (for projection; PNG and SVG alike):\n"
    "  --figure-size WxH  the standard figure, 1000x600 pixels, becomes W x H\n"
    "                     (W 400..4000, H 300..3000); a figure with its own\n"
    "                     size scales by W/1000 across and H/600 down\n"
    "  --font-scale X     every text X times its usual size (0.5..4)\n";

// --figure-size WxH and --font-scale X: bounds checked, turned into figure_vars.
static bool figure_options(const char *size, const char *scale) {
    char *end = NULL;
    long w = 0, h = 0;
    double x = 1.0;
    if (size) {
        w = strtol(size, &end, 10);
        bool ok = end != size && *end == 'x' && size[0] >= '0' && size[0] <= '9';
        if (ok) {
            const char *hs = end + 1;
            h = strtol(hs, &end, 10);
            ok = end != hs && *end == '\0' && hs[0] >= '0' && hs[0] <= '9';
        }
        if (!ok || w < 400 || w > 4000 || h < 300 || h > 3000) {
            reject("--figure-size", size, "expected WxH in pixels, W 400..4000 and H 300..3000 (e.g. 1600x960)");
            return false;
        }
    }
    if (scale) {
        x = strtod(scale, &end);
        if (end == scale || *end != '\0' || !(x >= 0.5 && x <= 4.0)) {
            reject("--font-scale", scale, "expected a number from 0.5 to 4 (e.g. 1.5)");
            return false;
        }
    }
    int n = 0;
    if (size) n += snprintf(figure_vars + n, sizeof figure_vars - (size_t)n, "; figure_w=%ld; figure_h=%ld", w, h);
    if (scale) snprintf(figure_vars + n, sizeof figure_vars - (size_t)n, "; font_scale=%.6g", x);
    return true;
}

typedef struct {
    const char *name;
    const char **value;
    const char *what;              // what is accepted, for messages
} ValueOption;

int main(int argc, char **argv) {
    const char *out = NULL, *plots = NULL, *gnuplot_arg = NULL, *render = NULL, *data = NULL, *figures = NULL;
    const char *figure_size = NULL, *font_scale = NULL;
    const char *only = NULL, *exercises_arg = NULL;
    const ValueOption OPTIONS[] = {
        {"--out", &out, "a folder to write the run into"},
        {"--plots", &plots, "the workbook's plots/ folder"},
        {"--gnuplot", &gnuplot_arg, "the gnuplot program (a path or a name on PATH)"},
        {"--render", &render, "a gnuplot script (.gp)"},
        {"--data", &data, "the chapter's data folder"},
        {"--figures", &figures, "a folder for the figure"},
        {"--figure-size", &figure_size, "WxH in pixels, e.g. 1600x960"},
        {"--font-scale", &font_scale, "a number from 0.5 to 4"},
        {"--chapter", &only, "the name chNN of one of the chapter programs"},
        {"--exercises", &exercises_arg, "the workbook's exercises/ folder"},
    };
    const size_t n_options = sizeof OPTIONS / sizeof OPTIONS[0];
    static const char OPTION_LIST[] =
        "expected --out, --plots, --gnuplot, --render, --data, --figures, --figure-size, --font-scale, --chapter, "
        "--exercises or --help";
    const char *chapter_args[MAX_CHAPTERS];
    int n_chapters = 0;
    char **passed = NULL;          // after "--": the one chapter's options
    int n_passed = 0;
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (strcmp(arg, "--") == 0) {
            passed = argv + a + 1;
            n_passed = argc - a - 1;
            break;
        }
        if (strcmp(arg, "--help") == 0) {
            fputs(USAGE, stdout);
            return fflush(stdout) == 0 && !ferror(stdout) ? EXIT_AS_EXPECTED : EXIT_IO_FAILED;
        }
        if (arg[0] != '-') {
            if (n_chapters == MAX_CHAPTERS) {
                char accepted[128];
                snprintf(accepted, sizeof accepted, "at most %d chapters (this is number %d)", MAX_CHAPTERS,
                         n_chapters + 1);
                return reject("chapter", arg, accepted);
            }
            chapter_args[n_chapters++] = arg;
            continue;
        }
        const ValueOption *opt = NULL;
        const char *value = NULL;
        for (size_t k = 0; k < n_options && opt == NULL; k++) {
            size_t len = strlen(OPTIONS[k].name);
            if (strcmp(arg, OPTIONS[k].name) == 0) {
                opt = &OPTIONS[k];
            } else if (strncmp(arg, OPTIONS[k].name, len) == 0 && arg[len] == '=') {
                opt = &OPTIONS[k];
                value = arg + len + 1;
            }
        }
        if (opt == NULL) {
            char accepted[200];
            snprintf(accepted, sizeof accepted, "unknown option; %s", OPTION_LIST);
            return reject("option", arg, accepted);
        }
        if (value == NULL) {
            if (a + 1 >= argc) {
                fprintf(stderr, "%s: %s: missing value; expected %s\n", PROGRAM, opt->name, opt->what);
                return EXIT_BAD_INPUT;
            }
            value = argv[++a];
        }
        if (*opt->value) {
            fprintf(stderr, "%s: %s: given more than once ('%s' and '%s'); expected it once\n", PROGRAM, opt->name,
                    *opt->value, value);
            return EXIT_BAD_INPUT;
        }
        *opt->value = value;
    }

    if (!figure_options(figure_size, font_scale)) return EXIT_BAD_INPUT;

    // Which mode, and is everything it needs there (and nothing else)?
    if (render && (only || exercises_arg || passed))
        return reject("--render", render, "draws one figure: it takes --data, --figures and --gnuplot, not "
                                          "--chapter, --exercises or options after '--'");
    if (render) {
        if (out || plots || n_chapters > 0) {
            const char *extra = out ? "--out" : plots ? "--plots" : chapter_args[0];
            return reject("--render", render, extra == chapter_args[0]
                                                  ? "draws one figure and takes no chapter programs"
                                                  : "draws one figure: it takes --data, --figures and --gnuplot, "
                                                    "not --out or --plots");
        }
        if (!data || !figures) {
            fprintf(stderr, "%s: --render: %s is missing; expected --render SCRIPT --data DIR --figures DIR\n",
                    PROGRAM, data ? "--figures" : "--data");
            return EXIT_BAD_INPUT;
        }
    } else {
        if (data || figures) {
            fprintf(stderr, "%s: %s: only for --render; expected --out DIR --plots DIR CHAPTER...\n", PROGRAM,
                    data ? "--data" : "--figures");
            return EXIT_BAD_INPUT;
        }
        if (n_passed > 0 && !only) {
            fprintf(stderr, "%s: options after '--' go to the one chapter of --chapter chNN; expected --chapter\n",
                    PROGRAM);
            return EXIT_BAD_INPUT;
        }
        if (!out || !plots) {
            fprintf(stderr, "%s: %s is missing; expected --out DIR --plots DIR [--gnuplot PROGRAM] CHAPTER... "
                            "(see --help)\n", PROGRAM, out ? "--plots" : "--out");
            return EXIT_BAD_INPUT;
        }
        if (n_chapters == 0) {
            fprintf(stderr, "%s: no chapter program given; expected one or more chNN programs after the options\n",
                    PROGRAM);
            return EXIT_BAD_INPUT;
        }
    }
    char why[MESSAGE_LEN], accepted[MESSAGE_LEN + 128];

    // gnuplot: --gnuplot, else gnuplot on PATH, else none (figures skipped).
    char gnuplot_path[PATH_LEN];
    const char *gnuplot = NULL;
    if (gnuplot_arg) {
        if (gnuplot_arg[0] == '\0')
            return reject("--gnuplot", gnuplot_arg, "expected a program (a path or a name on PATH)");
        if (!resolve_program(gnuplot_arg, gnuplot_path, sizeof gnuplot_path, why, sizeof why)) {
            snprintf(accepted, sizeof accepted, "%s; expected the gnuplot program (a path or a name on PATH)", why);
            return reject("--gnuplot", gnuplot_arg, accepted);
        }
        gnuplot = gnuplot_path;
    } else if (resolve_program("gnuplot", gnuplot_path, sizeof gnuplot_path, why, sizeof why)) {
        gnuplot = gnuplot_path;
    }

    if (render) {
        if (!path_text_ok("--render", render, "a gnuplot script") || !path_text_ok("--data", data, "a folder") ||
            !path_text_ok("--figures", figures, "a folder"))
            return EXIT_BAD_INPUT;
        FILE *fp = fopen(render, "r");
        if (fp == NULL) {
            snprintf(accepted, sizeof accepted, "cannot read it (%s); expected a gnuplot script", strerror(errno));
            return reject("--render", render, accepted);
        }
        fclose(fp);
        struct stat st;
        const char *script_name = base_name(render);
        size_t len = strlen(script_name);
        if (len < 4 || strcmp(script_name + len - 3, ".gp") != 0 || stat(render, &st) != 0 || !S_ISREG(st.st_mode))
            return reject("--render", render, "expected a gnuplot script, a file named NAME.gp");
        if (!is_folder(data, why, sizeof why)) {
            snprintf(accepted, sizeof accepted, "%s; expected the chapter's data folder", why);
            return reject("--data", data, accepted);
        }
        if (gnuplot == NULL) {
            printf("SKIPPED: gnuplot was not found on PATH, %s was not rendered\n", base_name(render));
            return fflush(stdout) == 0 && !ferror(stdout) ? EXIT_SKIPPED : EXIT_IO_FAILED;
        }
        if (!output_dir_prepare(figures, why, sizeof why)) {
            snprintf(accepted, sizeof accepted, "%s; give a folder you can write to", why);
            return reject("--figures", figures, accepted);
        }
        install_signal_handlers();
        Figure fig;
        memset(&fig, 0, sizeof fig);
        snprintf(fig.name, sizeof fig.name, "%.*s", (int)len - 3, script_name);
        figure_caption(render, fig.caption, sizeof fig.caption);
        int write_error = 0;
        if (!render_figure(gnuplot, render, data, figures, false, &fig, &write_error)) {
            fprintf(stderr, "%s: %s: %s\n", PROGRAM, base_name(render), fig.why);
            return write_error ? EXIT_IO_FAILED : EXIT_CLAIM_FAILED;
        }
        printf("rendered %s/%s.png and .svg\n", figures, fig.name);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "%s: cannot write to standard output: %s\n", PROGRAM, strerror(errno));
            return EXIT_IO_FAILED;
        }
        return EXIT_AS_EXPECTED;
    }

    // ---- run mode: check every input before writing anything ----
    if (!path_text_ok("--out", out, "a folder") || !path_text_ok("--plots", plots, "a folder")) return EXIT_BAD_INPUT;
    if (!is_folder(plots, why, sizeof why)) {
        snprintf(accepted, sizeof accepted, "%s; expected the workbook's plots/ folder", why);
        return reject("--plots", plots, accepted);
    }
    char common_gp[PATH_LEN];
    snprintf(common_gp, sizeof common_gp, "%s/common.gp", plots);
    if (access(common_gp, R_OK) != 0)
        return reject("--plots", plots, "it has no common.gp; expected the workbook's plots/ folder");
    // The exercises: --exercises, else plots/../exercises when it is a folder.
    char exercises_dir[PATH_LEN];
    const char *exercises = NULL;
    if (exercises_arg) {
        if (!path_text_ok("--exercises", exercises_arg, "a folder")) return EXIT_BAD_INPUT;
        if (!is_folder(exercises_arg, why, sizeof why)) {
            snprintf(accepted, sizeof accepted, "%s; expected the workbook's exercises/ folder", why);
            return reject("--exercises", exercises_arg, accepted);
        }
        exercises = exercises_arg;
    } else {
        snprintf(exercises_dir, sizeof exercises_dir, "%s/../exercises", plots);
        struct stat st;
        if (stat(exercises_dir, &st) == 0 && S_ISDIR(st.st_mode)) exercises = exercises_dir;
    }
    // One chapter: its settings are the options after "--", as typed.
    char settings[1024] = "";
    bool one_claim = false;        // --claim ID among them
    for (int k = 0; k < n_passed; k++) {
        one_claim = one_claim || strcmp(passed[k], "--claim") == 0 || strncmp(passed[k], "--claim=", 8) == 0;
        if (!path_text_ok("option", passed[k], "a chapter option")) return EXIT_BAD_INPUT;
        if (strlen(settings) + strlen(passed[k]) + 2 >= sizeof settings)
            return reject("option", passed[k], "expected chapter options of at most 1000 characters in all");
        if (k) strcat(settings, " ");
        strcat(settings, passed[k]);
    }

    static ChapterRun runs[MAX_CHAPTERS];
    for (int i = 0; i < n_chapters; i++) {
        ChapterRun *c = &runs[i];
        memset(c, 0, sizeof *c);
        const char *arg = chapter_args[i], *name = base_name(arg);
        if (strlen(name) != 4 || strncmp(name, "ch", 2) != 0 || name[2] < '0' || name[2] > '9' || name[3] < '0' ||
            name[3] > '9')
            return reject("chapter", arg, "expected a chapter program named chNN, e.g. build/dev/ch01");
        if (!path_text_ok("chapter", arg, "a chapter program")) return EXIT_BAD_INPUT;
        if (!resolve_program(arg, c->program, sizeof c->program, why, sizeof why)) {
            snprintf(accepted, sizeof accepted, "%s; expected a chapter program%s", why,
                     strchr(arg, '/') ? "" : " (give its path, e.g. build/dev/ch01, or put its folder on PATH)");
            return reject("chapter", arg, accepted);
        }
        snprintf(c->name, sizeof c->name, "%s", name);
        for (int k = 0; k < i; k++)
            if (strcmp(runs[k].name, c->name) == 0)
                return reject("chapter", arg, "given more than once; expected each chapter once");
        c->run = only == NULL || strcmp(c->name, only) == 0;
        read_exercises(exercises, c);
    }
    int only_index = -1;
    if (only) {
        for (int i = 0; i < n_chapters; i++)
            if (runs[i].run) only_index = i;
        if (only_index < 0) {
            snprintf(accepted, sizeof accepted, "expected the name chNN of one of the %d chapter programs given",
                     n_chapters);
            return reject("--chapter", only, accepted);
        }
        snprintf(runs[only_index].settings, sizeof runs[only_index].settings, "%s", settings);
    }

    if (!output_dir_prepare(out, why, sizeof why)) {
        snprintf(accepted, sizeof accepted, "%s; give a folder you can write to", why);
        return reject("--out", out, accepted);
    }
    install_signal_handlers();
    char figdir[PATH_LEN];
    snprintf(figdir, sizeof figdir, "%s/figures", out);
    if (!output_dir_prepare(figdir, why, sizeof why)) {
        fprintf(stderr, "%s: %s: %s\n", PROGRAM, figdir, why);
        return EXIT_IO_FAILED;
    }
    // One chapter: the earlier report is read now (its other sections are
    // kept), and MANIFEST starts only once the chapter has accepted its options.
    char *old_report = NULL;
    if (only) {
        char report_path[PATH_LEN + 16];
        snprintf(report_path, sizeof report_path, "%s/REPORT.md", out);
        FILE *fp = fopen(report_path, "r");
        if (fp) {
            size_t cap = 1 << 20, len = 0;
            old_report = malloc(cap + 1);
            if (old_report) {
                len = fread(old_report, 1, cap, fp);
                old_report[len] = '\0';
            }
            fclose(fp);
        }
    } else {
        if (!manifest_start(out, NULL, why, sizeof why)) {
            fprintf(stderr, "%s: %s\n", PROGRAM, why);
            return EXIT_IO_FAILED;
        }
        remove_legacy_files(figdir);
    }
    if (gnuplot) printf("gnuplot: %s\n", gnuplot);
    else printf("gnuplot: not found on PATH, so figures are skipped (install gnuplot-nox to draw them)\n");

    int worst = EXIT_AS_EXPECTED;
    double total_start = wallclock_seconds();
    for (int i = 0; i < n_chapters; i++) {
        ChapterRun *c = &runs[i];
        if (!c->run) continue;
        char dir[PATH_LEN], text_path[PATH_LEN], claims_path[PATH_LEN], rel[64];
        snprintf(dir, sizeof dir, "%s/%s", out, c->name);
        snprintf(text_path, sizeof text_path, "%s/chapter.txt", dir);
        snprintf(claims_path, sizeof claims_path, "%s/claims.tsv", dir);
        snprintf(rel, sizeof rel, "%s/output.txt", c->name);
        if (only) printf("%s %s%s(into %s/)\n\n", c->name, settings, settings[0] ? " " : "", dir);
        else printf("[%d/%d] %s ", i + 1, n_chapters, c->name);
        fflush(stdout);
        if (!output_dir_prepare(dir, why, sizeof why)) {
            fprintf(stderr, "%s: %s: %s\n", PROGRAM, dir, why);
            return EXIT_IO_FAILED;
        }
        FileVersion text_before = file_version(text_path), claims_before = file_version(claims_path);
        OutFile transcript;
        if (!out_open(&transcript, dir, "output.txt", rel)) {
            fprintf(stderr, "%s: cannot write %s/output.txt: %s\n", PROGRAM, dir, strerror(transcript.error));
            return EXIT_IO_FAILED;
        }
        char *cargv[4 + 256] = {c->program, "--out", dir, NULL};
        if (n_passed > 256) return reject("option", passed[256], "expected at most 256 chapter options");
        for (int k = 0; k < n_passed; k++) cargv[3 + k] = passed[k];
        cargv[3 + n_passed] = NULL;
        double start = wallclock_seconds();
        g_tee = only != NULL;   // one chapter: the learner reads the lesson as it runs
        c->result = run_child(cargv, &transcript, NULL, 0);
        g_tee = false;
        c->seconds = wallclock_seconds() - start;
        stop_if_signalled();
        bool finished = out_finish(&transcript);
        if (only && finished && c->result.status == EXIT_BAD_INPUT) {
            // The chapter refused its options (its line is on stderr): nothing was run or removed.
            remove(transcript.temp);
            set_temp(NULL);
            fprintf(stderr, "%s: %s refused its options (exit 2); nothing was changed in %s/\n", PROGRAM, c->name,
                    out);
            free(old_report);
            return EXIT_BAD_INPUT;
        }
        if (only && finished) {
            if (!manifest_start(out, c->name, why, sizeof why)) {
                remove(transcript.temp);
                set_temp(NULL);
                fprintf(stderr, "%s: %s\n", PROGRAM, why);
                return EXIT_IO_FAILED;
            }
            set_temp(transcript.temp);
        }
        if (!finished || !out_commit(&transcript)) {
            int saved = errno;
            printf("STOPPED\n");
            fflush(stdout);
            errno = saved;
            fprintf(stderr, "%s: cannot write %s/output.txt: %s; stopping (no REPORT.md from this run)\n", PROGRAM,
                    dir, strerror(errno));
            return EXIT_IO_FAILED;
        }

        FileVersion text_after = file_version(text_path), claims_after = file_version(claims_path);
        c->text_fresh = text_after.exists && !same_version(&text_before, &text_after);
        c->claims_fresh = claims_after.exists && !same_version(&claims_before, &claims_after);
        c->claims_stale = claims_after.exists && !c->claims_fresh;
        if (c->text_fresh) read_chapter_text(text_path, c);
        if (c->claims_fresh) read_claims(claims_path, c);
        if (c->claims_problem[0]) fprintf(stderr, "%s: %s: %s\n", PROGRAM, claims_path, c->claims_problem);
        char verdicts[256], words[MESSAGE_LEN];
        count_verdicts(c, verdicts, sizeof verdicts);
        status_words(c, words, sizeof words);
        printf("%s: ", shown_title(c));
        if (c->claims_fresh) printf("%d claims (%s) in %.1f s", c->n_claims, verdicts, c->seconds);
        else printf("no claims from this run, %.1f s", c->seconds);
        if (words[0]) printf("  %s: see %s/output.txt", words, dir);
        printf("\n");
        fflush(stdout);
        if (!chapter_ok(c)) worst = worst > EXIT_CLAIM_FAILED ? worst : EXIT_CLAIM_FAILED;
        if (c->result.status == EXIT_IO_FAILED) worst = EXIT_IO_FAILED;

        char scripts[MAX_FIGURES][PATH_LEN];
        c->n_figures = find_scripts(plots, c->name, scripts, MAX_FIGURES);
        for (int k = 0; k < c->n_figures; k++) {
            Figure *fig = &c->figures[k];
            const char *script_name = base_name(scripts[k]);
            snprintf(fig->name, sizeof fig->name, "%.*s", (int)strlen(script_name) - 3, script_name);
            figure_caption(scripts[k], fig->caption, sizeof fig->caption);
            char fig_rel[200];
            snprintf(fig_rel, sizeof fig_rel, "figures/%s.png", fig->name);
            if (!driver_file_name(fig_rel)) {
                fig->state = FIGURE_FAILED;
                char chapter_name[sizeof c->name];   // a copy: fig->why lies in the same object as c->name
                memcpy(chapter_name, c->name, sizeof chapter_name);
                snprintf(fig->why, sizeof fig->why, "not drawn: a script's name must be %s_NAME.gp, NAME of letters, "
                         "digits, '_' and '-'", chapter_name);
                worst = worst > EXIT_CLAIM_FAILED ? worst : EXIT_CLAIM_FAILED;
            } else if (!chapter_finished(c)) {
                fig->state = FIGURE_NO_DATA;
                snprintf(fig->why, sizeof fig->why, "not drawn: the chapter did not finish (%s), so its data files "
                         "may be from an earlier run", words);
            } else if (gnuplot == NULL) {
                fig->state = FIGURE_NO_GNUPLOT;
                snprintf(fig->why, sizeof fig->why, "gnuplot was not found on PATH");
            } else {
                int write_error = 0;
                if (!render_figure(gnuplot, scripts[k], dir, figdir, true, fig, &write_error)) {
                    if (write_error) {
                        fprintf(stderr, "%s: %s; stopping (no REPORT.md from this run)\n", PROGRAM, fig->why);
                        return EXIT_IO_FAILED;
                    }
                    if (one_claim) {
                        // --claim ID writes that claim's data only: a figure
                        // of another claim has no data, which is no failure.
                        char message[MESSAGE_LEN];
                        snprintf(message, sizeof message, "%s", fig->why);
                        fig->state = FIGURE_NO_DATA;
                        snprintf(fig->why, sizeof fig->why, "not drawn: the run with --claim wrote only that claim's "
                                 "data (gnuplot: %.300s)", message);
                    } else {
                        worst = worst > EXIT_CLAIM_FAILED ? worst : EXIT_CLAIM_FAILED;
                    }
                }
            }
            if (only && fig->state == FIGURE_DRAWN)
                printf("        figure %-34s drawn: %s/%s.png (and .svg)\n", fig->name, figdir, fig->name);
            else
                printf("        figure %-34s %s%s\n", fig->name, fig->state == FIGURE_DRAWN ? "drawn" : "MISSING: ",
                       fig->state == FIGURE_DRAWN ? "" : fig->why);
        }
        fflush(stdout);
    }

    bool reported = write_report(out, runs, n_chapters, gnuplot, old_report);
    free(old_report);
    if (!reported) {
        fprintf(stderr, "%s: cannot write %s/REPORT.md: %s\n", PROGRAM, out, strerror(errno));
        return EXIT_IO_FAILED;
    }

    printf("\n");
    printf("  ");
    print_padded(stdout, "chapter", 9);
    print_padded(stdout, "title", 40);
    print_padded(stdout, "claims", 8);
    print_padded(stdout, "verdicts", 54);   // "6 holds, 2 partly holds, 1 erratum, 1 does not hold" fits
    print_padded(stdout, "figures", 9);
    printf("seconds\n");
    for (int i = 0; i < n_chapters; i++) {
        if (!runs[i].run) continue;
        char verdicts[256], figs[32];
        count_verdicts(&runs[i], verdicts, sizeof verdicts);
        snprintf(figs, sizeof figs, "%d/%d", drawn_count(&runs[i]), runs[i].n_figures);
        printf("%s ", chapter_ok(&runs[i]) ? " " : "!");
        print_padded(stdout, runs[i].name, 9);
        char title[40];
        snprintf(title, sizeof title, "%.38s", shown_title(&runs[i]));
        print_padded(stdout, title, 40);
        char nclaims[16];
        snprintf(nclaims, sizeof nclaims, "%d", runs[i].n_claims);
        print_padded(stdout, nclaims, 8);
        print_padded(stdout, verdicts, 54);
        print_padded(stdout, figs, 9);
        printf("%6.1f\n", runs[i].seconds);
    }
    if (only) {
        const ChapterRun *c = &runs[only_index];
        printf("\n%.1f s. Report: %s/REPORT.md (the section %s; the other chapters' sections are kept)   figures: "
               "%s/%s_*.png   data: %s/%s/\n", wallclock_seconds() - total_start, out, c->name, figdir, c->name,
               out, c->name);
        print_exercises(c, settings);
    } else {
        note_foreign_figures(figdir, runs, n_chapters);
        printf("\nTotal %.1f s. Report: %s/REPORT.md   figures: %s/   data: %s/chNN/\n",
               wallclock_seconds() - total_start, out, figdir, out);
    }
    if (worst != EXIT_AS_EXPECTED)
        printf("Something did not come out as expected (marked ! or MISSING); the report says what.\n");
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write to standard output: %s\n", PROGRAM, strerror(errno));
        return EXIT_IO_FAILED;
    }
    return worst;
}
