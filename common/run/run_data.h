// run_data.h: the one reader of a workbook run. REPORT.md (tools/report_md.c)
// and the HTML pages (tools/workbook_pages.c) are both written from what it
// reads, so the two cannot disagree.
//
// A run is the folder the driver writes (build/workbook). Per chapter,
// DIR/chNN/ holds
//   chapter.txt     the chapter's title (line 1) and summary (the rest)
//   claims.tsv      one row per claim, columns named by its header
//                   (common/run/claims_tsv.h)
//   narratives.tsv  each claim's narrative (its evidence), one escaped row
//                   per claim (id, narrative; common/base/tsv.h unescapes it)
//   values.tsv      the numbers and words each claim's lesson names (id,
//                   name, value; escaped the same way), filled into the
//                   lesson (common/run/lesson.h) by every writer alike
//   MANIFEST        the chapter's files of its last run, "running" or
//                   "complete" in its first line (common/run/manifest.h)
//   run.tsv         the driver's record of how the chapter ran (below)
//   output.txt      what the chapter printed, for people: never parsed
// and the exercises come from EXERCISES/chNN.tsv (common/run/exercises.h).
//
// run.tsv is written by the driver after the chapter's figures, and removed
// when it starts the chapter again, so a chapter without one was never run
// by the driver or its run did not finish. Rows "field<TAB>value...", values
// escaped as in narratives.tsv:
//   status    the chapter's exit status as a shell shows it (-1: not started)
//   signal    the signal that ended it (0: none)
//   start_error  why it could not be started ("" when it was)
//   seconds   its wall time
//   settings  the options it was run with, as a shell reads them back (an
//             argument quoted where it needs it: common/run/shell_words.h; ""
//             = the course's), so a command made of them can be pasted
//   gnuplot   "found" or "missing"
//   date      when the chapter's run ended, "2026-12-02 11:10 UTC"
//   commit    the workbook's commit the programs were built from (12 hex
//             digits, "+" after them for a build of local changes; "" when
//             unknown: tools/commit_id.cmake)
//   machine   the system, its release and the processor's architecture
//             (uname -srm: "Linux 6.1.0-28-amd64 x86_64")
//   cpu       the processor's name ("" where the system does not say)
//   cores     the number of online processors
//   (a run.tsv of an earlier workbook has none of these five: they are then "", cores 0)
//   file      NAME, HASH: a file of the chapter's (chapter.txt, claims.tsv,
//             narratives.tsv, values.tsv) that this run wrote, with the FNV-1a hash of
//             its bytes in hex. Only such files are read, and only while
//             their bytes still have that hash: a file left by an earlier
//             run, or written later by another, is never taken for this
//             run's
//   figure    NAME, STATE (drawn, failed, no-gnuplot, no-data), CAPTION, WHY
//
// Nothing here has a fixed limit on a line, a field or a count: a 100 kB
// claims.tsv row and a 1 MB narrative are read whole. A file that cannot be
// read as expected makes its chapter BROKEN, with the reason in 'problem';
// the other chapters are read as usual.
#ifndef WORKBOOK_RUN_DATA_H
#define WORKBOOK_RUN_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "run/exercises.h"
#include "run/lesson.h"

typedef struct {
    char *id, *source, *verdict, *expected, *measured, *document, *tolerance, *key, *statement, *finding;
    char *scope;                   // "course" or "beyond"
    char *weight;                  // an erratum's weight: "slip", "error", or "-"
    char *lesson_case;             // the case that picks the lesson's words ("" = none)
    char *narrative;               // the evidence: everything the claim printed ("" when none)
    LessonValues values;           // the numbers and words its lesson names (values.tsv)
} RunClaim;

typedef enum { FIGURE_DRAWN, FIGURE_FAILED, FIGURE_NO_GNUPLOT, FIGURE_NO_DATA } FigureState;

typedef struct {
    char *name;                    // ch01_output_d: figures/NAME.png and .svg
    FigureState state;
    char *caption;                 // the script's "# Figure:" line
    char *why;                     // why it was not drawn ("" when drawn)
} RunFigure;

typedef enum {
    RUN_CHAPTER_ABSENT,            // never run into this folder
    RUN_CHAPTER_INCOMPLETE,        // started, but no record of its end
    RUN_CHAPTER_BROKEN,            // its files cannot be read as they should: 'problem' says why
    RUN_CHAPTER_DONE               // run by the driver: the record and the files agree
} RunChapterState;

typedef struct {
    char name[8];                  // "ch03"
    int number;                    // 3
    RunChapterState state;
    char *problem;                 // BROKEN or INCOMPLETE: why, in a few words ("" otherwise)

    // The driver's record (run.tsv).
    int status, signal;
    char *start_error;
    double seconds;
    char *settings;
    bool gnuplot_found;
    char *date, *commit, *machine, *cpu;   // where the results come from ("" when not recorded)
    int cores;                     // 0 when not recorded
    bool has_claims;               // this run wrote a claims.tsv (and it is the one read)
    bool stale_claims;             // it did not, and an earlier run's claims.tsv is there (not shown)
    RunFigure *figures;
    size_t n_figures;

    // The chapter's own files (this run's).
    char *title, *summary;         // "" when chapter.txt is absent
    RunClaim *claims;
    size_t n_claims;
    Lesson lesson;                 // lessons/en/chNN.md (embedded), parsed
    bool has_lesson;               // false: none, or it does not parse (lesson_problem says why)
    char *lesson_problem;          // "" when the lesson parsed or there is none
    char **files;                  // the data files its MANIFEST lists
    size_t n_files;

    Exercise *exercises;
    int n_exercises;
    char *exercises_problem;       // exercises/chNN.tsv could not be read ("" otherwise)
} RunChapter;

typedef struct {
    RunChapter *chapters;
    size_t n;
} Run;

// Read the chapters 'names' (chNN, in the order given) of the run in 'dir';
// 'exercises' is the exercises folder (NULL: none), 'lessons' the lessons
// folder (NULL: the lessons built into the program). The lessons, the
// exercises' words and the figures' captions are read in the current language
// (common/base/i18n.h: i18n_use first); everything else is the same in every
// language. Never fails for a chapter's sake: an absent, incomplete or broken
// chapter is read as such.
void run_read(Run *run, const char *dir, char *const *names, size_t n_names, const char *exercises,
              const char *lessons);

// The chapter names (chNN) that have a folder in 'dir', sorted; *names is a
// new array of new strings (names_free, common/base/text_file.h).
size_t run_chapter_names(const char *dir, char ***names);

void run_free(Run *run);

// The chapter's title as a reader meets it: its lesson's, in the reader's
// language, when this run gave claims; else chapter.txt's (a chapter that
// gave none shows only what went wrong), else "(no chapter.txt from this run)".
const char *run_chapter_title(const RunChapter *c);

// A claim's lesson with this run's numbers (common/run/lesson.h). False when the
// chapter has no lesson for it, or (with the reason in 'why') when its
// numbers cannot be filled in.
bool run_claim_lesson(const RunChapter *c, const RunClaim *cl, LessonParts *parts, char *why, size_t why_size);
// True when the chapter ran at the course's settings: no option in its
// settings but those that change how it ran or what it printed, not what it
// computed (--evidence, --verbose, --quiet, --strict, --retrain, --lang L,
// --threads N, --cache DIR; as common/run/chapter.c counts exploring).
bool run_at_course_settings(const RunChapter *c);
// What a claim's key number is, as a reader meets it: the lesson's "key:"
// line with this run's numbers, as plain text in the lesson's language, else
// the claim table's (claims.tsv's key). A new string.
char *run_claim_key(const RunChapter *c, const RunClaim *cl);
// A claim's source as a reader meets it (lesson_source_label): the lesson's
// "source:" line, whose section names the zh-CN edition writes in Simplified
// characters, else the claim table's. (A static buffer: use it before the next call.)
const char *run_claim_source(const RunChapter *c, const RunClaim *cl);

// Why a figure was not drawn, in the reader's language: run.tsv records the
// driver's English (data, the same in every language), and the reasons the
// driver gives most, "gnuplot was not found on PATH" and "not drawn (claim ID
// not run)", are shown translated; another (gnuplot's own message) as it is.
// Returns 'buf' or the recorded text.
const char *run_figure_why(const RunFigure *fig, char *buf, size_t size);

// The claim a figure is shown at: the first of the run's claims, in the
// chapter's order, whose lesson names it ("figure:"); NULL when none does.
const char *run_figure_claim(const RunChapter *c, const char *figure);

// Counts of a chapter's verdicts ("holds", "partly holds", "erratum (an
// error)", "erratum (a slip)", "does not hold", and any other word as "not
// run"), the course's claims apart from the ones beyond it: "4 holds, 1
// erratum (an error); beyond the course: 1 does not hold", or "none". buf
// holds at least 256 bytes.
void run_verdict_counts(const RunChapter *c, char *buf, size_t size);
// The same over every chapter of the run: the whole course, then the extras.
void run_verdict_counts_all(const Run *run, char *buf, size_t size);
size_t run_figures_drawn(const RunChapter *c);

// Did the chapter end as the workbook expects (exit 0, its claims written,
// every verdict the expected one or a finding of other settings)?
bool run_chapter_ok(const RunChapter *c);

// What went wrong, in a few words ("" when nothing did).
void run_status_words(const RunChapter *c, char *buf, size_t size);

const char *run_figure_state_name(FigureState state);

#endif
