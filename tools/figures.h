// figures.h: drawing one figure script with gnuplot, as PNG and SVG, and
// checking that what came out is a whole picture.
//
// A gnuplot script plots/chNN_NAME.gp receives these variables (-e):
//   datadir  the chapter's data folder      plotdir  the plots/ folder
//   fmt      'png' or 'svg'                 outfile  where to write the picture:
//                                                    '/dev/stdout', read by the driver
//   and, only with the figure options: figure_w, figure_h (pixels), font_scale
//   font_face  the language's font: 'DejaVu Sans' (en), 'Noto Sans CJK TC'
//              (zh-TW, Traditional glyph forms), 'Noto Sans CJK SC' (zh-CN)
//   w_KEY      each of the figure's words in the reader's language: the
//              rows (figure NAME, key KEY) of lessons/LANG/figure_words.tsv
//              (zh-CN's made from zh-TW's by the build), after the English
//              ones, so that a key a translation lacks still draws, in English
// and loads plotdir.'/common.gp' for the terminal. Its first line is
//   # Figure: caption text
// which is the figure's caption everywhere.
//
// gnuplot writes the picture to its standard output, which the driver copies
// into a temporary file (common/datafile), so a full disk is the driver's own
// write error. The file is named only once it is checked: a PNG must be a
// complete chunk sequence ending in IEND, at least 300x200 and 5000 bytes; an
// SVG must end with </svg>, and its heatmap images are marked
// image-rendering:pixelated (crisp cells in a browser, as in the PNG).
// gnuplot's messages are read through a pipe.
#ifndef WORKBOOK_FIGURES_H
#define WORKBOOK_FIGURES_H

#include <stdbool.h>
#include <stddef.h>

#include "base/i18n.h"
#include "run/manifest.h"
#include "run/run_data.h"

enum { FIGURE_WHY_LEN = 512, FIGURE_DRAW_WHY_LEN = 1024 };   // (the second: the driver's WHY_LEN)

// --figure-size WxH and --font-scale X (either may be NULL): checked (one
// line on stderr from 'program' and false when out of bounds), then passed to
// every script.
bool figures_set_options(const char *program, const char *size, const char *scale);

// Where the words come from: the lessons/ folder 'dir' (NULL: the lessons
// built into the program; zh-CN's are only built in).
void figures_set_lessons(const char *dir);

// Each language's figures in a folder of its own under figures/: "" for
// English (figures/NAME.png), "zh-TW/" and "zh-CN/", as the pages' folders.
const char *figures_language_dir(Lang lang);

// A figure's file, relative to figures/: [LANGDIR]NAME.png or .svg with a
// name figures_name_ok accepts.
bool figures_file_name(const char *rel);

// Does the run 'run_dir' hold figure 'name' as 'ext' ("png", "svg") in
// 'lang' (figures/[LANGDIR]NAME.EXT)? A PNG is there only in the language of
// the run that drew it, so the pages and the report link a PNG only where
// there is one; and a run of a driver before figures in every language has
// English ones alone, which the other languages then show.
bool figures_file_exists(const char *run_dir, Lang lang, const char *name, const char *ext);

// The scripts plots/<chapter>_*.gp, sorted; *scripts is a new array of new
// paths (names_free, common/base/text_file.h).
size_t figures_find(const char *plots, const char *chapter, char ***scripts);

// The caption: the script's "# Figure: " line, else the script's file name. New string.
char *figures_caption(const char *script);

// A script name the driver may draw: chNN_NAME.gp, NAME of letters, digits, '_' and '-'.
bool figures_name_ok(const char *name);

// Draw 'script' from the data in 'datadir' into figdir/NAME.png (only when
// 'png') and figdir/NAME.svg, with the words and the font of 'lang'. (A run
// draws the PNG, for the terminal, in the reader's language only: each
// language's SVG is what its pages and report show, and a PNG takes longer.)
// When 'manifest' is given each file is added to it (and the manifest saved)
// before it is named. On failure 'why' says what went wrong and
// *write_error is the errno when that was the driver's own write.
bool figures_draw(const char *gnuplot, const char *script, const char *datadir, const char *figdir, Lang lang,
                  bool png, Manifest *manifest, const char *manifest_prefix, char *why, size_t why_size, int *write_error);

// One figure in one language, for figures_draw_all: what figures_draw takes and what came of it.
typedef struct {
    const char *script, *datadir, *figdir;   // figdir is made when missing
    Lang lang;
    bool png;
    const char *manifest_prefix;
    size_t group;                  // a figure's draws (its languages) share a group
    bool drawn;                    // out: its files are there, listed in the manifest
    char why[FIGURE_DRAW_WHY_LEN]; // out: when not drawn, why ("": not reached, see below)
    int write_error;               // out: the errno when that was the driver's own write
} FigureDraw;

// Draw draws[0..n) as figures_draw would, one after another, and stop at the
// first failure of a group (its later draws are not reached) or at the first
// write error (every later draw is not reached; false): the gnuplots run up
// to child_processors() at once, their output is checked, listed in
// 'manifest' and named in the draws' order, so that the files, the manifest
// and each draw's outcome are those of the draws made one at a time. A stop
// signal ends the driver once the running gnuplots have (tools/child.h).
bool figures_draw_all(const char *gnuplot, FigureDraw *draws, size_t n, Manifest *manifest);

#endif
