// site_files.h: which of a run's files a reader gets: the files a chapter's
// page lists (its MANIFEST's, each linked with its size), and the run's files
// the published site copies (workbook_pages --site): exactly those its pages
// link, each chapter's drawn figures in every language, its data files and
// what it printed; never the cache, the MANIFESTs or run.tsv, and no data
// file above SITE_LARGEST_FILE (its page names it, with its size).
#ifndef WORKBOOK_SITE_FILES_H
#define WORKBOOK_SITE_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "chapter_page.h"

// A data file above this many bytes stays out of the site, and its page says
// so with its size: a class's site should stay within about 20 MB, and at
// the course's settings one file is far above this, chapter 0's word vectors
// (vectors.txt, 44 MB, 17 MB compressed), which `./workbook ch00` writes.
// The next largest, chapter 3's heatmap_wide.dat, is under 1 MB.
enum { SITE_LARGEST_FILE = 5 * 1000 * 1000 };

// The section "The chapter's files" of chapter c's page (Markdown): every
// file its MANIFEST lists, linked with its size ("no longer there" for one
// removed since); on a 'site' one above SITE_LARGEST_FILE is named, not linked.
void site_files_section(Buf *md, const ChapterPage *c, bool site);
// The site's files of the run in 'run_dir' (one page each in 'pages'): makes
// each folder (make_dir, relative to the site) and copies each file
// (copy_run_file, relative to the run and the site alike; required: one that
// cannot be read stops the site) in a fixed order: the figures' folders, then
// chapter by chapter its figures, its folder, output.txt and its data files.
void site_files_copy(const ChapterPage *pages, size_t n_pages, const char *run_dir, void (*make_dir)(const char *rel),
                     void (*copy_run_file)(const char *rel, bool required));

#endif
