// faults.h: what a workbook program does when something outside its control
// fails: memory runs out, a signal arrives, standard output cannot be written.
//
// faults_install(program), called once at the start (chapter_begin does it):
//   - GSL's error handler reports every library error with GSL's own
//     file:line and reason. Out of memory (GSL_ENOMEM) ends the run at once:
//     one line naming what could not be allocated and the process's
//     address-space limit, temporary files removed, exit status
//     EXIT_NO_RESOURCES. Other errors are remembered (faults_last_gsl_error)
//     and returned as status codes, which the caller checks.
//   - SIGINT, SIGTERM, SIGHUP: the temporary files of data files being
//     written are removed, then the signal takes its usual course (the shell
//     sees 128 + the signal number).
//   - SIGABRT (a library that gives up, e.g. BLIS when its malloc fails):
//     temporary files removed, one line, exit status EXIT_NO_RESOURCES
//     (at the CBLAS's first product the only line: faults_blas_start).
//   - SIGXFSZ (a file-size limit, ulimit -f) is ignored, so the write that
//     crosses the limit fails like a full disk: EXIT_IO_FAILED, nothing
//     half-written.
//   - Descriptors 0-2 are checked first (faults_standard_descriptors).
//   - SIGPIPE is ignored: a reader that went away is a failed write.
//   - At exit, standard output is flushed and checked: a failed write to it
//     (a full disk, a closed pipe) turns a successful exit into
//     EXIT_IO_FAILED with one line on stderr.
#ifndef WORKBOOK_FAULTS_H
#define WORKBOOK_FAULTS_H

#include <stddef.h>

void faults_install(const char *program);

// Descriptors 0-2 must be open before any file is: a closed one would be
// reused by the next file opened, and the program's messages would land in
// that file. A closed standard input or error becomes /dev/null; a closed
// standard output stops the program at once: one line, EXIT_IO_FAILED,
// nothing run or written. (faults_install calls it; the driver, which has
// its own signal handling, calls it itself.)
void faults_standard_descriptors(const char *program);

// Work that must clean up more than a signal handler can (a folder being
// written: tools/site_dir.h) holds the stop signals (SIGINT, SIGTERM,
// SIGHUP) instead: while held, one that comes waits, and the work asks at
// each safe point whether one is waiting (faults_stop_pending: its number,
// or 0), cleans up, and lets it take its usual course
// (faults_release_stop_signals: the temporaries removed, 128 + N). A
// signal still waiting at the release is delivered then.
void faults_hold_stop_signals(void);
int faults_stop_pending(void);
void faults_release_stop_signals(void);

// The last non-fatal GSL error as "reason (file:line)", or "" if none.
const char *faults_last_gsl_error(void);

// Report that memory (or another resource: a thread) ran out while doing
// 'what', remove temporary files and exit with EXIT_NO_RESOURCES.
_Noreturn void faults_out_of_memory(const char *what, size_t bytes);

// The CBLAS's first matrix product, made once, before a chapter's claims
// (chapter_run_claims calls it; 'cblas' names the library in the line:
// build_cblas_name()). BLIS allocates its packing buffers there
// (about 17 MB of address space on x86-64, whatever the matrices' size);
// when malloc fails it prints four lines of its own and aborts. Here its
// standard error goes into a pipe while the product runs, so that such an
// abort becomes our one line (out of memory, naming the buffers and the
// address-space limit; any other abort: its words on that line), the
// temporary files removed, EXIT_NO_RESOURCES. What the library says
// without giving up is passed on to standard error. Later products reuse
// those buffers; a later abort (another thread's buffers) is SIGABRT's line
// above, after the library's own.
void faults_blas_start(const char *cblas);

#endif
