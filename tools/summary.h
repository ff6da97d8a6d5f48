// summary.h: the driver's terminal summary at the end of a run (workbook_run):
// a table of the chapters run (a "!" before one that did not come out as
// expected: its claims, title, verdict counts, figures drawn and seconds),
// then where the report, the figures and the data are, with a note when
// figures/ holds files the run did not write; after one chapter
// (./workbook chNN) the answer of the exercise whose options were exactly
// this run's, else the chapter's exercises to try. Printed in the reader's
// language; the exercises (Markdown with TeX) as plain text within 78 columns.
#ifndef WORKBOOK_SUMMARY_H
#define WORKBOOK_SUMMARY_H

#include <stdbool.h>

#include "base/i18n.h"
#include "run/manifest.h"
#include "run/run_data.h"

typedef struct {
    const char *out;               // the run's folder (--out)
    const char *figdir;            // its figures/ folder
    const char *reader_figdir;     // the reader's language's figures (figures/, figures/zh-TW, ...)
    Lang lang;                     // the reader's language
    const bool *ran;               // for each chapter of the run: run in this invocation
    bool one_chapter;              // --chapter: one chapter was run
    const char *settings;          // its options, as a shell reads them
    const Manifest *manifest;      // DIR/MANIFEST: the files the driver wrote
    bool as_expected;              // every chapter and figure came out as expected
} RunSummary;

// Print the summary of the run read back as 'run' (in the reader's
// language), which took 'seconds'.
void summary_print(const RunSummary *s, const Run *run, double seconds);

#endif
