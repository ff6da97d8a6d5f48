// progress.c: see progress.h.
#include "base/progress.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/utf8.h"
#include "base/wallclock.h"

enum { LABEL_MAX = 256, LINE_MAX_BYTES = 1024 };
#define FIRST_DRAW 0.25            // seconds after the start: quicker work shows nothing
#define REDRAW 0.25                // seconds between two drawings: at most four a second
#define RATE_AFTER 0.5             // seconds of work before a rate and a time left are shown

static struct {
    int depth;                     // nested progress_start calls (0: none)
    volatile sig_atomic_t shown;   // the line is on the terminal now
    volatile sig_atomic_t stopped; // progress_interrupt: nothing more in this process
    bool enabled;                  // a terminal, not --quiet: drawing (set before the threads start)
    ProgressUnit unit;
    uint64_t total, per_item;      // steps of the whole work, steps per item
    atomic_uint_fast64_t done;     // steps done by work
    atomic_uint_fast64_t skipped;  // steps of items that needed none (progress_skip)
    _Atomic double work_start;     // wallclock_seconds of the first step (0: none yet): the rate's start
    _Atomic double next_draw;      // wallclock_seconds of the next drawing
    pthread_mutex_t drawing;       // one drawing at a time (the others skip theirs)
    char label[LABEL_MAX];         // what the line starts with: "ch06: ", or the driver's "[7/10] ch06 "
    char erase[LABEL_MAX + 8];     // what puts the line back: "\r", the driver's text, ESC [ K
    size_t erase_len;
} g = {.drawing = PTHREAD_MUTEX_INITIALIZER};

// write(2) all of it (a terminal may take it in parts); errors are ignored:
// the progress is no output anyone depends on. Async-signal-safe.
static void write_all(const char *text, size_t n) {
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, text, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        text += w;
        n -= (size_t)w;
    }
}

static bool terminal_wanted(bool quiet) {
    if (quiet || !isatty(STDERR_FILENO)) return false;
    const char *term = getenv("TERM");
    return term != NULL && term[0] != '\0' && strcmp(term, "dumb") != 0;
}

// The terminal's width in columns (80 when it does not say).
static int terminal_columns(void) {
#ifdef TIOCGWINSZ
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
#endif
    const char *columns = getenv("COLUMNS");
    long n = columns ? strtol(columns, NULL, 10) : 0;
    return n > 0 && n < 10000 ? (int)n : 80;
}

// Cut text to at most 'columns' terminal columns (a wide character takes two).
static void cut_to_columns(char *text, int columns) {
    int used = 0;
    for (char *p = text; *p;) {
        unsigned cp;
        int n = utf8_decode((const unsigned char *)p, &cp);
        used += utf8_is_wide(cp) ? 2 : 1;
        if (used > columns) {
            *p = '\0';
            return;
        }
        p += n;
    }
}

// The driver's text from the environment, when it is printable text; "" otherwise.
static void label_from_environment(char *label, size_t size) {
    const char *text = getenv(PROGRESS_LABEL_ENV);
    label[0] = '\0';
    if (text == NULL || strlen(text) >= size) return;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p < 0x20 || *p == 0x7f) return;
    snprintf(label, size, "%s", text);
}

// While the line is on the terminal, a stop signal (Ctrl-C) erases it first,
// then goes to the handler it had (common/base/faults.c's, which removes the
// temporary files and dies of the signal). Only async-signal-safe calls.
static const int STOP_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP};
enum { N_STOP_SIGNALS = sizeof STOP_SIGNALS / sizeof STOP_SIGNALS[0] };
static struct sigaction g_before[N_STOP_SIGNALS];

static void on_stop_signal(int sig) {
    progress_interrupt();
    for (size_t i = 0; i < N_STOP_SIGNALS; i++) {
        if (STOP_SIGNALS[i] != sig) continue;
        if (g_before[i].sa_handler == SIG_IGN) return;
        if (g_before[i].sa_handler != SIG_DFL) {
            g_before[i].sa_handler(sig);
            return;
        }
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

static void catch_stop_signals(bool catch) {
    for (size_t i = 0; i < N_STOP_SIGNALS; i++) {
        if (catch) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sigemptyset(&sa.sa_mask);
            sa.sa_handler = on_stop_signal;
            sigaction(STOP_SIGNALS[i], &sa, &g_before[i]);
        } else {
            sigaction(STOP_SIGNALS[i], &g_before[i], NULL);
        }
    }
}

void progress_start(const char *program, bool quiet, ProgressUnit unit, uint64_t items, uint64_t steps_per_item) {
    if (g.depth++ > 0) return;   // nested: the outermost counts
    g.enabled = !g.stopped && items > 0 && terminal_wanted(quiet);
    if (!g.enabled) return;
    g.unit = unit;
    g.per_item = steps_per_item ? steps_per_item : 1;
    g.total = items * g.per_item;
    atomic_store(&g.done, 0);
    atomic_store(&g.skipped, 0);
    atomic_store(&g.work_start, 0.0);
    atomic_store(&g.next_draw, wallclock_seconds() + FIRST_DRAW);
    char driver[LABEL_MAX];
    label_from_environment(driver, sizeof driver);
    if (driver[0]) snprintf(g.label, sizeof g.label, "%s", driver);
    else snprintf(g.label, sizeof g.label, _("%s: "), program);
    g.erase_len = (size_t)snprintf(g.erase, sizeof g.erase, "\r%s\033[K", driver);
    if (g.erase_len >= sizeof g.erase) g.erase_len = sizeof g.erase - 1;
    catch_stop_signals(true);
    fflush(stdout);   // the chapter's text so far goes out before the line
}

// A rate for the line: two significant figures or so.
static void format_rate(char *buf, size_t size, double rate) {
    snprintf(buf, size, rate < 0.1 ? "%.2f" : rate < 10 ? "%.1f" : "%.0f", rate);
}

// A time left: "8 s" (rounded up to a second) under a minute, then "3 min" (to the nearest minute).
static void format_time_left(char *buf, size_t size, double seconds) {
    long s = (long)ceil(seconds);
    if (s < 60) snprintf(buf, size, _("%ld s"), s);
    else snprintf(buf, size, _("%ld min"), (s + 30) / 60);
}

// An amount of words in millions, to a tenth (to a hundredth below ten million).
static void format_millions(char *buf, size_t size, double words, double total) {
    snprintf(buf, size, total < 1e7 ? "%.2f" : "%.1f", words / 1e6);
}

// The line's text after its label. 'working': seconds since the first step.
static void describe(char *text, size_t size, uint64_t done, uint64_t skipped, double working) {
    double per_item = (double)g.per_item;
    // steps per second, from the first step on (what came before it, reading a cache or a
    // corpus, is no training); none over the first half second, too short to tell
    double rate = working >= RATE_AFTER && done > 0 ? (double)done / working : 0.0;
    uint64_t finished = done + skipped < g.total ? done + skipped : g.total;
    double left = rate > 0 ? (double)(g.total - finished) / rate : 0.0;
    char a[32], b[32], r[32], t[64], share[16];
    format_time_left(t, sizeof t, left);
    format_rate(r, sizeof r, g.unit == PROGRESS_WORDS ? rate / 1e6 : rate / per_item);   // words/s in millions
    // the share done, in whole percent (counted in steps: it moves while a few long runs train)
    snprintf(share, sizeof share, "%d%%", (int)(100.0 * (double)finished / (double)g.total));
    if (g.unit == PROGRESS_WORDS) {
        format_millions(a, sizeof a, (double)finished, (double)g.total);
        format_millions(b, sizeof b, (double)g.total, (double)g.total);
        if (rate > 0)
            // TRANSLATORS: chapter 0's training, redrawn on the terminal while it runs: words
            // trained, of all, in millions; the share done ("42%"); the words per second, in
            // millions; the time left ("8 s", "3 min"). Keep it short: it shares one terminal line.
            snprintf(text, size, _("%s/%s million words (%s) · %s million/s · about %s left"), a, b, share, r, t);
        else
            snprintf(text, size, _("%s/%s million words (%s)"), a, b, share);
    } else {
        snprintf(a, sizeof a, "%llu", (unsigned long long)(finished / g.per_item));
        snprintf(b, sizeof b, "%llu", (unsigned long long)(g.total / g.per_item));
        if (rate > 0)
            // TRANSLATORS: chapters 6 and 9, redrawn on the terminal while they train: runs (one
            // model trained and tested) done, of all; the share done ("41%"); runs per second; the
            // time left ("8 s", "3 min"). Keep it short: it shares one terminal line.
            snprintf(text, size, _("%s/%s runs (%s) · %s runs/s · about %s left"), a, b, share, r, t);
        else
            snprintf(text, size, _("%s/%s runs (%s)"), a, b, share);
    }
}

static void draw(double now) {
    char text[LINE_MAX_BYTES / 2], line[LINE_MAX_BYTES];
    double since = atomic_load(&g.work_start);
    describe(text, sizeof text, atomic_load(&g.done), atomic_load(&g.skipped), since > 0 ? now - since : 0.0);
    snprintf(line, sizeof line, "%s%s", g.label, text);
    cut_to_columns(line, terminal_columns() - 1);   // (the last column would wrap on some terminals)
    char out[LINE_MAX_BYTES + 8];
    int n = snprintf(out, sizeof out, "\r%s\033[K", line);
    if (n <= 0 || (size_t)n >= sizeof out || g.stopped) return;
    write_all(out, (size_t)n);
    g.shown = 1;
}

void progress_advance(uint64_t steps) {
    if (!g.enabled) return;
    uint64_t before = atomic_fetch_add_explicit(&g.done, steps, memory_order_relaxed);
    double now = wallclock_seconds();
    if (before == 0) atomic_store(&g.work_start, now);
    if (now < atomic_load_explicit(&g.next_draw, memory_order_relaxed)) return;
    if (pthread_mutex_trylock(&g.drawing) != 0) return;   // another thread is drawing it
    if (now >= atomic_load(&g.next_draw) && !g.stopped) {
        draw(now);
        atomic_store(&g.next_draw, now + REDRAW);
    }
    pthread_mutex_unlock(&g.drawing);
}

void progress_skip(uint64_t items) {
    if (g.enabled) atomic_fetch_add(&g.skipped, items * g.per_item);
}

void progress_end(void) {
    if (g.depth == 0 || --g.depth > 0) return;
    pthread_mutex_lock(&g.drawing);
    if (g.shown) write_all(g.erase, g.erase_len);
    g.shown = 0;
    if (g.enabled) catch_stop_signals(false);
    g.enabled = false;
    pthread_mutex_unlock(&g.drawing);
}

void progress_interrupt(void) {
    g.stopped = 1;
    if (g.shown) write_all(g.erase, g.erase_len);
    g.shown = 0;
}

void progress_label_for_children(const char *label) {
    struct stat out, err;
    bool same = label != NULL && isatty(STDOUT_FILENO) && isatty(STDERR_FILENO) && fstat(STDOUT_FILENO, &out) == 0 &&
                fstat(STDERR_FILENO, &err) == 0 && out.st_rdev == err.st_rdev;
    if (same) setenv(PROGRESS_LABEL_ENV, label, 1);
    else unsetenv(PROGRESS_LABEL_ENV);
}
