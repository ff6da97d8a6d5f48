// report_md.h: REPORT.md, written from the run as common/run_data reads it.
// Every value from the run goes through this file's escaping, the verdict
// too (a word the workbook does not know is shown as the data it is): text as
// Markdown with its markup characters backslash-escaped (no HTML element, no
// link and no emphasis can come from the data), a leading block marker too
// where a value starts a paragraph (no list or heading either); inside the
// report's own HTML tags as HTML (an anchor's id made of letters, digits and
// '-', as the pages make theirs; a claim's id in its evidence's <summary>
// HTML-escaped: tools/page_text.h); commands as code spans and code blocks
// with fences longer than any backtick run in them.
#ifndef WORKBOOK_REPORT_MD_H
#define WORKBOOK_REPORT_MD_H

#include <stdbool.h>

#include "base/i18n.h"
#include "run/run_data.h"

// Write the report in the current language (common/base/i18n.h) -- DIR/REPORT.md,
// DIR/REPORT.zh-TW.md or DIR/REPORT.zh-CN.md (report_md_name) -- from 'run'
// (read in that language), every chapter in its order; temporary name, then
// rename. False with errno set when it cannot be written.
bool report_md_write(const char *dir, const Run *run);
// The same report as a new string (free it): what the published site holds,
// written from the run its pages were read from (tools/workbook_pages.c).
char *report_md_text(const Run *run);

// Where the run is (report_md_write sets it to its 'dir'): a figure's PNG is
// linked only where that run drew it (figures_file_exists), its SVG always.
void report_md_set_run_dir(const char *dir);
const char *report_md_name(Lang lang);

#endif
