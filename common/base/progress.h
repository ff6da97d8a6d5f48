// progress.h: how far long work has got, on the terminal while it runs.
//
// Chapters 0, 6 and 9 train for tens of seconds. Meanwhile one line on
// standard error says how far they are, e.g.
//
//     ch06: 12/30 runs (41%) · 2.1 runs/s · about 8 s left
//     ch00: 41.2/97.5 million words (42%) · 1.31 million/s · about 43 s left
//
// redrawn in place (a carriage return, the text, then "erase to the end of
// the line", ESC [ K) at most four times a second, first 0.25 s after the
// start (work a cache serves at once shows nothing), cut to the terminal's
// width, and erased when the work ends, so the terminal is left as it was
// before and the chapter's next lines start on a clean line.
//
// It is shown only when standard error is a terminal (isatty), TERM is set
// and not "dumb", and the chapter runs without --quiet. It is never written
// to standard output or to a file: output.txt, the data files and the report
// never contain it. It reads the clock, never a random stream, and changes
// neither the work nor its order: every number is the same with it or
// without it (tests/progress.cmake checks the files byte for byte).
//
// One line per process, as there is one terminal line to draw on:
//
//     progress_start(ch->program, ch->quiet, PROGRESS_RUNS, n_runs, steps + 1);
//     parallel_for(...);   // each job calls progress_advance(1) per step, and once more when done
//     progress_end();
//
// A progress_start inside another (chapter 9's sweep around each of its
// cells' copy_experiment_ensure) only nests: the outermost one's total and
// unit count, and its progress_end erases the line. progress_start,
// progress_skip and progress_end are called from one thread;
// progress_advance from any (the training threads of parallel_for), and is a
// no-op (one test) when nothing is shown.
//
// The driver (tools/workbook_run.c) runs the chapters with their standard
// error on its own. In a whole run its line "[7/10] ch06 " waits on the
// terminal for the chapter's result: it names that text in the environment
// (progress_label_for_children), and the chapter draws its progress after
// it, "[7/10] ch06 12/30 runs (41%) · ...", and leaves it as it was at the end.
#ifndef WORKBOOK_PROGRESS_H
#define WORKBOOK_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum {
    PROGRESS_RUNS,                 // trained runs (chapters 6 and 9): "12/30 runs"
    PROGRESS_WORDS,                // corpus words trained (chapter 0): "41.2/97.5 million words"
} ProgressUnit;

// The environment variable through which the driver names the text its line
// already shows (progress_label_for_children).
#define PROGRESS_LABEL_ENV "WORKBOOK_PROGRESS_LABEL"

// Start showing the progress of 'items' items of 'unit', each made of
// 'steps_per_item' steps (progress_advance counts steps: a run's Adam steps
// and its test, so a run half trained shows), when standard error is a
// terminal and not 'quiet' (see above). Flushes standard output first, so the
// chapter's text so far is out before the line is drawn. Nested: see above.
void progress_start(const char *program, bool quiet, ProgressUnit unit, uint64_t items, uint64_t steps_per_item);

// 'steps' more steps done. Thread-safe.
void progress_advance(uint64_t steps);

// 'items' items that needed no work (read from a cache): counted as done,
// left out of the rate and the time left.
void progress_skip(uint64_t items);

// The end of the work: the line is erased (the outermost start's end).
void progress_end(void);

// Erase the line now and show nothing more in this process: before a message
// that ends the run (out of memory, training diverged, an internal error) and
// in the handlers of the stop signals. Async-signal-safe.
void progress_interrupt(void);

// For the driver, before it starts a chapter: 'label' is the text its
// standard output has just written on the terminal's current line (NULL:
// none), which the chapter's progress line then starts with and leaves there.
// Named only when standard output and standard error are the same terminal.
void progress_label_for_children(const char *label);

#endif
