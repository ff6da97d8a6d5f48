// folder_lock.h: one run at a time into an output folder.
//
// Two runs writing into one folder mix their files (a chapter's data from
// one, its claims from the other; a report from one and the sections of
// another). So a chapter locks its --out folder, and the driver and the pages
// the workbook's folder, for the whole run: the lock is an flock on the file
// FOLDER/.lock (created once, never removed, listed nowhere), held until the
// process ends, so a killed run never leaves it held. A second run waits for
// the first, and says at once on stderr, in one line, what it waits for: the
// holder's program and PID where the system says (Linux's /proc/locks).
#ifndef WORKBOOK_FOLDER_LOCK_H
#define WORKBOOK_FOLDER_LOCK_H

#include <stdbool.h>

// Lock 'dir' (which exists) for this process, waiting while another run holds
// it. False (errno set) when the lock file cannot be made or locked; the
// caller reports it.
bool folder_lock(const char *program, const char *dir);

#endif
