// datafile.h: output folders and data files that are never half-written.
//
// A data file is whitespace-separated columns whose first line is
//   # name name ...
// naming the columns, so gnuplot scripts (and anyone) can read it by name.
// It is written under a temporary name in the same folder and renamed into
// place only when complete and flushed to disk, so a crash, a full disk or a
// killed run never leaves a truncated file under the real name.
#ifndef WORKBOOK_DATAFILE_H
#define WORKBOOK_DATAFILE_H

#include <gsl/gsl_matrix.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct {
    FILE *fp;
    char final_path[4096];
    char temp_path[4096];
    bool failed;                   // a write failed; close will discard
    int error;                     // the errno of the first failure (0 while none)
    bool finished;                 // datafile_finish succeeded: complete under temp_path, not yet named
} DataFile;

// The longest file name a program writes into an output folder, and so the
// longest folder path accepted: DATAFILE_MAX_DIR + '/' + a name + the
// temporary suffix fit in PATH_MAX (4096).
enum { DATAFILE_MAX_NAME = 64, DATAFILE_MAX_DIR = 4096 - 1 - DATAFILE_MAX_NAME - 32 };

// mkdir -p 'dir': create it and its missing parents. False with errno set
// when a part cannot be made or is not a folder; the folders this call
// created on the way are then removed again (deepest first).
bool folders_make(const char *dir);

// rm -r 'path': a file, or a folder and everything under it, never following
// a symbolic link (a link is removed, not what it names). True when nothing
// of it is left (an absent path is true).
bool folders_remove_tree(const char *path);

// Create 'dir' (and its parents) if needed and check that a file can be
// created in it. On failure writes a reason (e.g. "Permission denied") into
// 'why' and returns false; nothing is left behind (folders it created on the
// way are removed again).
bool output_dir_prepare(const char *dir, char *why, size_t why_size);

// Open dir/name for writing under a temporary name, dir/.NAME.tmp.PID,
// created exclusively without following a link (O_EXCL, O_NOFOLLOW; a stale
// file of that name, an earlier process's with the same PID, is unlinked
// first); 'columns' is the space-separated column names for the '#' header
// line (NULL: no header, for text files such as claims.tsv that carry their
// own). Returns false (errno set) if the temporary file cannot be created.
bool datafile_open(DataFile *f, const char *dir, const char *name, const char *columns);

// printf into the file; a failed write marks the file failed.
void datafile_printf(DataFile *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Write n raw bytes (a page, a font); a failed write marks the file failed.
void datafile_write(DataFile *f, const void *data, size_t n);

// Write M (rows, cols) in gnuplot's grid form: one line "i j M_ij" (%.17g)
// per entry, a blank line after each row i (for `with image` / `pm3d`).
void datafile_write_grid(DataFile *f, const gsl_matrix *M);

// Flush, fsync and rename into place: datafile_finish, then datafile_commit.
// Returns false (and removes the temporary file) if any write failed; errno
// describes the failure.
bool datafile_close(DataFile *f);

// The two steps of datafile_close, for a caller that checks a file before it
// is named:
// Flush, fsync and close; the file stays under its temporary name (f->temp_path)
// so a caller can check it before it is named. false (errno set, temporary
// removed) if any write failed.
bool datafile_finish(DataFile *f);
// Rename the finished temporary file into place, then fsync the folder so the
// rename survives a crash (best effort: a file system that refuses to sync a
// folder does not fail the commit). false (errno set, temporary removed) on
// failure, or when f was not finished. Until commit or abort, the temporary
// stays listed for datafile_remove_temporaries.
bool datafile_commit(DataFile *f);

// Give up on a file (open or finished): close and remove the temporary name.
void datafile_abort(DataFile *f);

// Remove the temporary files of every data file still open. Async-signal-
// safe (only unlink): the signal handlers of faults.c call it.
void datafile_remove_temporaries(void);

// Remove from 'dir' the temporaries (.NAME.tmp.PID) that processes killed
// without a chance to clean up (SIGKILL, a crash) left: those whose PID is
// not alive (kill(PID, 0) fails with ESRCH) and whose NAME ends with 'suffix'
// (NULL: any). A temporary that is a folder (a site being written,
// tools/site_dir.h) goes whole, never through a link. A live process's,
// another user's and this process's own are kept. Returns how many were
// removed.
size_t datafile_sweep_temporaries(const char *dir, const char *suffix);

// Whether the file name 'name' (no folder) is such a temporary, ".NAME.tmp.PID"
// whose NAME ends with 'suffix' (NULL: any), and its PID.
bool datafile_temporary_of(const char *name, const char *suffix, long *pid);

// A sentence telling the user what to do about a failed write (errno 'err'):
// "the disk is full: free some space", "a folder of that name is in the way:
// remove it or choose another --out", ...
const char *datafile_write_advice(int err);

#endif
