// md_block.h: the one test both Markdown writers (the pages' md_tex in
// tools/page_text.c, REPORT.md's exercises and captions in tools/report_md.c)
// make before writing a text as a paragraph.
#ifndef WORKBOOK_MD_BLOCK_H
#define WORKBOOK_MD_BLOCK_H

// The character of a text's first line that would start a Markdown block (a
// heading, a quote, a list item, a rule, a fence), or NULL: escaped, the
// text stays a paragraph's text. (Defined in tools/page_text.c.)
const char *md_block_marker(const char *s);

#endif
