// page_text.h: the pages' text: a growing buffer and the one place where a
// value from the run is escaped for a page. Markdown text gets every ASCII
// punctuation character backslash-escaped (CommonMark allows it for all of
// them; libcmark then escapes for HTML); text inside the pages' few raw HTML
// tags is HTML-escaped; link destinations go in <...>.
#ifndef WORKBOOK_PAGE_TEXT_H
#define WORKBOOK_PAGE_TEXT_H

#include <stddef.h>

#include "base/buf.h"
#include "md_block.h"


// Markdown text, line breaks as spaces.
void md_text(Buf *b, const char *s, size_t n);
void md_puts(Buf *b, const char *s);
// HTML text or attribute value.
void html_text(Buf *b, const char *s, size_t n);
void html_puts(Buf *b, const char *s);
// A lesson's Markdown (ours, from lessons/: not escaped) with its maths,
// $...$ and $$...$$, made KaTeX spans (<span class="tex" data-tex="TEX">,
// class "tex tex-display" for display maths) whose text, shown until KaTeX
// renders them or where it cannot, is the formula as plain text
// (lesson_plain's). A backslash-escaped \$ is a dollar, not maths.
void md_lesson(Buf *b, const char *markdown);
// One field of the workbook's other Markdown data (an exercise's question or
// answer, a figure's caption: exercises/README.md): inline Markdown with TeX
// maths between $...$, laid out as md_lesson does, but never raw HTML and
// never a block of its own: outside the maths '<' and '&' are text, a line
// break or tab is a space, and a leading block marker (#, >, "- ", "+ ",
// "* ", "1. ", "1) ") is text.
void md_tex(Buf *b, const char *markdown);
// The same field as plain text (lesson_plain's: maths made readable, marks
// dropped), on one line: for an image's alt text. A new string.
char *plain_tex(const char *markdown);
// A table cell's text of a lesson (Markdown text: backslash escapes, maths
// as KaTeX spans, a formula and the closing punctuation after it kept on one
// line) as HTML, for a raw HTML table.
void html_cell(Buf *b, const char *s, size_t n);
// The HTML libcmark made from a page's Markdown, finished for reading (a new
// string): an option's code span (<code>--position k</code>) gets class
// "option" (kept on one line), and a link or code span with the closing
// punctuation right after it ("</a>。") is wrapped in <span class="nobr">,
// kept on one line, so no line starts with that punctuation (md_lesson does
// the same for a formula).
char *html_finished(const char *html);
// A code span holding s as it is (line breaks as spaces).
void md_code(Buf *b, const char *s);
// A Markdown link destination, in <...>.
void md_dest(Buf *b, const char *s);
// An HTML id (or a link to one): 'prefix', then the id with every character
// but letters and digits made '-' ("claim-", "1.4" -> "claim-1-4"), so that
// nothing of it can end the attribute. The pages and REPORT.md alike.
void anchor_id(Buf *b, const char *prefix, const char *id);

#endif
