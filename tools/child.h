// child.h: the driver's children (a chapter, gnuplot) and its stop signals.
//
// SIGINT, SIGTERM and SIGHUP: with children running, the signal is passed on
// to each of them and the driver stops once they have ended (child_stop_if_
// signalled, after the children); without one the driver stops at once.
// Either way the temporary files of the files being written (common/datafile)
// are removed first and the exit status is 128 + the signal's number. After
// the signal no further child starts. SIGPIPE is ignored in the driver, so a
// closed standard output is a write error (exit 3); children start with
// every signal's default action.
#ifndef WORKBOOK_CHILD_H
#define WORKBOOK_CHILD_H

#include <stdbool.h>
#include <stddef.h>

#include "base/datafile.h"

typedef struct {
    int status;                    // exit status as a shell shows it (128+N for signal N); -1: not started
    int signal;                    // the signal that ended it, 0 if none
    int start_error;               // errno when it could not be started
} ChildResult;

// One child of a batch (child_run_jobs): what the caller's 'start' fills in.
typedef struct {
    char *const *argv;             // argv[0] a resolved path; NULL: nothing to run (the job ends as not started)
    DataFile *sink;                // its standard output (NULL: /dev/null)
    bool tee;                      // its standard output to the driver's as well
    char *err;                     // its standard error, the first err_size - 1 bytes (NULL: the driver's)
    size_t err_size;
    ChildResult result;            // set when it has ended
} ChildJob;

// The most children a batch runs at once.
enum { CHILD_MAX_RUNNING = 16 };

void child_install_signal_handlers(void);

// Run argv[0] (a resolved path). Its standard output is copied into 'sink'
// (NULL: /dev/null) and, with 'tee', to the driver's standard output too; its
// standard error goes into 'err' (err_size bytes, the first ones kept; NULL:
// shared with the driver's). Waits for it, passing a stop signal on.
// (child_run_jobs with one job.)
ChildResult child_run(char *const argv[], DataFile *sink, bool tee, char *err, size_t err_size);

// Run jobs 0..n-1, up to 'running' of them at once (at most
// CHILD_MAX_RUNNING), starting them in index order. start(i, job, ctx) fills
// in job i (a zeroed ChildJob) just before it starts: it may open the job's
// sink then; no job starts 2 x 'running' or more places after the first not
// yet handed over, so at most that many sinks are open at a time. done(i, job, ctx) is called once for every started job, in
// index order, after it and every job before it have ended: a caller that
// does its bookkeeping in done sees the same sequence as running the jobs
// one after another. When done returns false no further job starts (done is
// still called for those already started). After a stop signal no job
// starts and none is handed over: once the running ones have ended the driver
// stops (child_stop_if_signalled). Returns how many jobs were started.
size_t child_run_jobs(size_t n, size_t running, void (*start)(size_t i, ChildJob *job, void *ctx),
                      bool (*done)(size_t i, ChildJob *job, void *ctx), void *ctx);

// How many children to run at once: the processors online (parallel_cpu_count), 1 to CHILD_MAX_RUNNING.
size_t child_processors(void);

// After children: a stop signal that came while they ran stops the driver now.
void child_stop_if_signalled(void);

// Resolve a program: a name with a '/' is used as it is, a bare name is
// looked up on PATH (empty entries skipped). Returns a new string, or NULL
// with 'why' saying what is wrong.
char *child_resolve_program(const char *name, char *why, size_t why_size);

#endif
