// site_dir.h: the folder a published site goes to (workbook_pages --site DIR,
// ./workbook site DIR), written whole or not at all, and never over anything
// but a site the workbook wrote.
//
// Every site holds SITE_DIR_MANIFEST, the list of its files (common/
// manifest.h, first line SITE_DIR_MANIFEST_LINE). DIR may be
//   - absent (its parent folder must exist): this run makes it;
//   - an empty folder (a mount point too, its lost+found left alone): the
//     site is written into it, the folder itself kept;
//   - a site written before: a folder whose SITE_MANIFEST lists every file
//     in it (and every folder in it holds a listed file). Only the files it
//     lists are replaced or removed.
// Anything else is bad input, refused before anything is written or removed:
// a file, a link, a folder without that manifest (a thesis with an index.html
// saved from a class site), one holding a file its manifest does not list
// (it is named), or one another site run is writing into.
//
// The site is written into DIR/.new.site.tmp.PID (hidden, on DIR's own file
// system, so a mount point works), and only when every file is there are its
// files moved into place, one rename each (the previous site's first moved
// aside, into DIR/.old.site.tmp.PID, and put back if a move fails), with
// the stop signals held (common/base/faults.h): a failure or a stop (SIGINT,
// SIGTERM, SIGHUP) leaves DIR as it was, the previous site or nothing. A run
// killed outright (SIGKILL) leaves its .site.tmp folder, which the next site
// run into DIR sweeps (common/base/datafile.h's sweep of dead processes'
// temporaries). While files move, SITE_MANIFEST lists both sites' files, so
// whatever stops a run, every file in DIR is listed.
#ifndef WORKBOOK_SITE_DIR_H
#define WORKBOOK_SITE_DIR_H

#include <stdbool.h>
#include <stddef.h>

#include "run/manifest.h"

// In the <head> of every page of a site (what wrote it).
#define SITE_DIR_MARK "<meta name=\"generator\" content=\"pe-workbook site\">"
// The site's list of its files, and the first line that makes it one.
#define SITE_DIR_MANIFEST "SITE_MANIFEST"
#define SITE_DIR_MANIFEST_LINE "# pe-workbook site: the files ./workbook site wrote here, the only ones it replaces"

typedef struct {
    char dir[4096];                // DIR, without trailing '/'
    char stage[4096 + 64];         // DIR/.new.site.tmp.PID, where the site is written
    char aside[4096 + 64];         // DIR/.old.site.tmp.PID, the previous site's files while the new ones move in
    bool exists;                   // DIR was there (empty, or a previous site)
    bool made_dir;                 // this run made DIR (removed again if the site is abandoned)
    Manifest previous;             // the previous site's files (none when DIR is new or empty)
    bool begun, committed;
    unsigned long long manifest_bytes;   // the size of the SITE_MANIFEST a commit wrote
} SiteDir;

// Is 'dir' a folder a site may go to (above)? Reads only. False, with the
// reason in 'why' (one phrase: "is a file, not a folder"), when it is not.
bool site_dir_check(SiteDir *s, const char *dir, char *why, size_t why_size);

// After site_dir_check (and the run folder's lock, which may have taken a
// while): check again, sweep the site temporaries of dead processes, make DIR
// when it is new, and the folder the site is written into, s->stage
// (readable by all, as a web server needs: 0777 less the umask). False, with
// 'why', when DIR is no longer acceptable or the folder cannot be made;
// nothing is left then.
bool site_dir_begin(SiteDir *s, char *why, size_t why_size);

// Put the site written into s->stage, whose files are 'files' (relative
// names), in DIR's place: the previous site's files are replaced or removed,
// no other file is touched, SITE_MANIFEST lists 'files'. False (with 'why')
// when a move fails: DIR is then as it was.
bool site_dir_commit(SiteDir *s, const Manifest *files, char *why, size_t why_size);

// Remove what a site that was not committed wrote (a failure, a stop): its
// folder s->stage, and DIR when this run made it. Nothing when there is none.
void site_dir_abandon(SiteDir *s);

#endif
