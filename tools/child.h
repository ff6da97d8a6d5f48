// child.h: the driver's children (a chapter, gnuplot) and its stop signals.
//
// SIGINT, SIGTERM and SIGHUP: with a child running, the signal is passed on
// to it and the driver stops once the child has ended (child_stop_if_
// signalled, after each child); without one the driver stops at once. Either
// way the temporary files of the files being written (common/datafile) are
// removed first and the exit status is 128 + the signal's number. SIGPIPE is
// ignored in the driver, so a closed standard output is a write error (exit
// 3); children start with every signal's default action.
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

void child_install_signal_handlers(void);

// Run argv[0] (a resolved path). Its standard output is copied into 'sink'
// (NULL: /dev/null) and, with 'tee', to the driver's standard output too; its
// standard error goes into 'err' (err_size bytes, the first ones kept; NULL:
// shared with the driver's). Waits for it, passing a stop signal on.
ChildResult child_run(char *const argv[], DataFile *sink, bool tee, char *err, size_t err_size);

// After a child: a stop signal that came while it ran stops the driver now.
void child_stop_if_signalled(void);

// Resolve a program: a name with a '/' is used as it is, a bare name is
// looked up on PATH (empty entries skipped). Returns a new string, or NULL
// with 'why' saying what is wrong.
char *child_resolve_program(const char *name, char *why, size_t why_size);

#endif
