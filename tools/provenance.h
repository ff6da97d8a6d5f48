// provenance.h: the footer of every page: where its results come from and
// how to run them yourself.
//
// On a chapter's page: "this chapter ran on DATE, from the workbook's commit
// ID, on MACHINE" (run.tsv's rows, common/run/run_data.h; "not recorded" for
// a run older than those rows), then its settings (the course's, or the
// options it ran with). On the contents and the glossary: every chapter's run,
// from the first date to the last, one commit and machine or "each chapter's
// page says which", and each chapter that ran with other settings. Then how
// to run it: clone (the build's WORKBOOK_SOURCE_URL, else "its git
// repository") and run the command; on a chapter's page recorded at a clean
// commit, the git checkout of that commit. The footer's id, run-yourself, is
// what an exercise's "clone the workbook" links to.
#ifndef WORKBOOK_PROVENANCE_H
#define WORKBOOK_PROVENANCE_H

#include <stddef.h>

#include "base/buf.h"
#include "run/run_data.h"

// The footer (Markdown with raw HTML) of chapter c's page, or with c NULL of
// the contents or the glossary, which speak for 'chapters' (those with a
// page); 'command' is the one to run (./workbook, ./workbook chNN ...),
// 'source_url' where to clone from ("": not set).
void provenance_footer(Buf *md, const RunChapter *c, const char *command, const RunChapter *const *chapters,
                       size_t n_chapters, const char *source_url);
// The command that ran a chapter, as typed: "./workbook ch00 --corpus small.txt"
// (its settings from run.tsv; "./workbook ch00" at the course's). A new string.
char *provenance_command(const RunChapter *c);

#endif
