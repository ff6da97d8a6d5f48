// manifest.h: a folder's MANIFEST, the list of the files one program wrote
// there in its last run, one relative path a line after a first '#' line.
// A chapter keeps one in its output folder (chNN/MANIFEST, first line
// "# chNN run: running" or "...: complete"), the driver one in the
// workbook's folder (MANIFEST) and the pages writer another
// (PAGES_MANIFEST). A new run removes what its predecessor listed, and only
// that: a file the program did not write is never touched, and a listed name
// the program could not have written (its 'name_ok' says no) is ignored.
//
// The list is kept in memory and saved whole, through common/datafile
// (temporary name, then rename), each time a file is added, before that file
// appears under its own name: whatever stops a run, every file of it is
// listed.
#ifndef WORKBOOK_MANIFEST_H
#define WORKBOOK_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>

typedef bool (*ManifestNameOk)(const char *name);

typedef struct {
    char *dir;                     // the folder
    char *file;                    // "MANIFEST"
    char *first_line;              // the '#' line as read, or as saved last ("" when none)
    char **names;                  // relative paths, in order
    size_t n, cap;
} Manifest;

// Read dir/file, keeping the names name_ok accepts. An absent file gives an
// empty list. False (errno set) when it exists but cannot be read.
bool manifest_load(Manifest *m, const char *dir, const char *file, ManifestNameOk name_ok);

// An empty list for dir/file (nothing read).
void manifest_init(Manifest *m, const char *dir, const char *file);

bool manifest_has(const Manifest *m, const char *name);

// Add 'name' (once) to the list in memory.
void manifest_add(Manifest *m, const char *name);

// Drop the names 'drop' accepts from the list (in memory), removing those
// files: regular files only, never through a symbolic link (neither the
// file's own name nor a folder on the way). False (errno
// set, 'failed' names it) when a file is there and cannot be removed.
bool manifest_remove_files(Manifest *m, ManifestNameOk drop, const char **failed);

// Write the list as dir/file, with 'first_line' (a '#' line without its
// newline) first; false with errno set when it cannot be written.
bool manifest_save(Manifest *m, const char *first_line);

void manifest_free(Manifest *m);

#endif
