// site_dir.h: the folder a published site goes to (workbook_pages --site DIR,
// ./workbook site DIR), written whole or not at all.
//
// The site is written into a new folder beside DIR, DIR.tmp-XXXXXX, and
// only when every file is there does it take DIR's place (a rename), so a
// failure or a stop leaves DIR as it was: the previous site, or nothing.
// DIR may be absent (its parent folder must exist), an empty folder, or a
// previous site (its index.html carries SITE_DIR_MARK); anything else is bad
// input, refused before anything is written: a file, a link, a folder that
// holds other files (an unrelated folder is never replaced).
#ifndef WORKBOOK_SITE_DIR_H
#define WORKBOOK_SITE_DIR_H

#include <stdbool.h>
#include <stddef.h>

// In the <head> of every page of a site, and how a previous site is known.
#define SITE_DIR_MARK "<meta name=\"generator\" content=\"pe-workbook site\">"

typedef struct {
    char dir[4096];                // DIR, without trailing '/'
    char temp[4096 + 16];          // DIR.tmp-XXXXXX, where the site is written
    bool replaces;                 // DIR exists (an empty folder or a previous site)
    bool begun, committed;
} SiteDir;

// Check DIR and make the temporary folder beside it (readable by all, as
// a web server needs: 0777 less the umask). False, with the reason in 'why'
// (one phrase naming the problem: "is a file, not a folder"), when DIR is
// bad input (nothing is written then); or, with errno's words, when the
// temporary folder cannot be made.
bool site_dir_begin(SiteDir *s, const char *dir, char *why, size_t why_size);

// Put the finished site in DIR's place; the previous site, if any, is
// removed. False (errno set) when a rename fails: DIR is then as it was.
bool site_dir_commit(SiteDir *s);

// Remove the temporary folder of a site that was not committed (a failed
// write); nothing when there is none.
void site_dir_abandon(SiteDir *s);

#endif
