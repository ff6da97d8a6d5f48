// run_record.h: the record the driver writes of each chapter's run,
// DIR/chNN/run.tsv (common/run/run_data.h says what each row holds, and
// reads it back): the program, how it ended (status, signal, why it could
// not start), its seconds and settings, whether gnuplot was there, where its
// results come from (the date in UTC, the workbook's commit, the system, the
// processor and its cores), the hash of each of the chapter's own files this
// run wrote, and each figure: drawn, or why not. Written under a temporary
// name and listed in MANIFEST before it is named (common/base/datafile.h).
// And which version of a file is there, to tell which files a run wrote.
#ifndef WORKBOOK_RUN_RECORD_H
#define WORKBOOK_RUN_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "run/manifest.h"
#include "run/run_data.h"
#include "child.h"

// Which version of a file is there: a file written anew by rename has a new
// inode, and even a reused inode gets a new change time.
typedef struct {
    bool exists;
    struct stat st;
} FileVersion;

FileVersion file_version(const char *dir, const char *name);
bool same_version(const FileVersion *a, const FileVersion *b);

// The chapter's own files the record names when this run wrote them.
enum { N_CHAPTER_FILES = 4 };
extern const char *const CHAPTER_FILES[N_CHAPTER_FILES];

// How a chapter's run came out: the child's result, its seconds, which of
// CHAPTER_FILES it wrote (fresh), its figures.
typedef struct {
    ChildResult result;
    double seconds;
    bool fresh[N_CHAPTER_FILES];
    RunFigure *figures;
    size_t n_figures;
} ChapterOutcome;

// What the record says of a run besides its outcome.
typedef struct {
    const char *name;              // ch03
    const char *program;           // the chapter program run (its resolved path)
    const char *settings;          // its options as a shell reads them ("": the course's settings)
    bool gnuplot;                  // gnuplot was there
    const char *commit;            // the workbook's commit (WORKBOOK_COMMIT: tools/commit_id.cmake)
} RunRecord;

// Write DIR/run.tsv (DIR: the chapter's folder), listed in 'manifest' (saved
// with 'manifest_line' first) before it is named; false (errno set) if not.
bool run_record_write(const char *dir, const RunRecord *record, const ChapterOutcome *o, Manifest *manifest,
                      const char *manifest_line);

#endif
