// chapter_page.h: a chapter as its page shows it (workbook_pages: the pages
// of every language, each from the run read in that language), and the
// pieces of a page made from its claims, as Markdown with the pages' few raw
// HTML tags (every value from the run escaped by page_text.h).
#ifndef WORKBOOK_CHAPTER_PAGE_H
#define WORKBOOK_CHAPTER_PAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "base/i18n.h"
#include "run/run_data.h"

typedef RunClaim Claim;

typedef struct {
    const char *name, *caption;    // ch05_rotation_check
    char claim[16];                // where it is placed ("" = at the end)
    int number;                    // Figure N.number
} Figure;

typedef struct {
    const RunChapter *run;
    const char *name, *title, *summary;
    int number;
    const Claim *claims;
    size_t n_claims;
    bool have_claims;
    Figure *figures;               // the drawn ones
    size_t n_figures;
    char *const *files;
    size_t n_files;
    const Exercise *exercises;
    int n_exercises;
    Lang lang;                     // the page's language
    const char *root;              // from the page to the top of the pages: "" or "../"
    const char *run_dir;           // the run the page shows (its figures are looked for there)
} ChapterPage;

// The page of chapter c (a run read in 'lang'), its figures the drawn ones,
// each placed at the first claim whose lesson names it (else at the end);
// p->figures is a new array.
void chapter_page_of(ChapterPage *p, const RunChapter *c, Lang lang, const char *root, const char *run_dir);
// Number the page's figures: those placed at a claim in the claims' order, then the others.
void chapter_page_number_figures(ChapterPage *c);

// A claim's badges: its verdict (an erratum with its weight) and, for a
// claim beyond the course, that.
void page_claim_badges(Buf *b, const Claim *cl);
// An erratum at a glance: the verdict is erratum, or the finding of another
// verdict names one (the word "erratum" in it).
bool page_notes_erratum(const Claim *cl);
// A value the claim has ("" and "-" are none).
bool page_has_value(const char *v);
// A figure in the page's language: figures/[zh-TW/]NAME.svg (tools/figures.h;
// the English one where an older run drew English figures only).
void page_figure(Buf *md, const ChapterPage *c, const Figure *f);
// A claim: its lesson with this run's numbers, its figures, the verdict in
// one sentence, and the evidence folded under it.
void page_claim_section(Buf *md, ChapterPage *c, const Claim *cl);
// The chapter's exercises: each with its question, the command that answers
// it and the answer folded. None: no section.
void page_exercises(Buf *md, const ChapterPage *c);
// "N claims: " and the verdict counts (and how many differ from the course's settings' verdict).
void page_counts_line(Buf *md, const ChapterPage *c);
// A claim at a glance: what the course says (its lesson's "says", with the
// run's numbers), else the claim as the chapter states it.
void page_glance_words(Buf *md, const ChapterPage *c, const Claim *cl);

#endif
