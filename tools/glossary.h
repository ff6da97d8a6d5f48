// glossary.h: the glossary the pages link to: lessons/glossary.tsv (the
// terms in English and zh-TW, where the course uses each, a note) with its
// zh-CN edition (common/run/lesson.h: the same rows in the same order), each
// term's first use on a page linked to glossary.html, and that page's table.
// Read once (glossary_read) for every language's pages.
#ifndef WORKBOOK_GLOSSARY_H
#define WORKBOOK_GLOSSARY_H

#include "base/buf.h"
#include "base/i18n.h"

// Read the glossary (the lessons built in); none: no terms, nothing linked.
void glossary_read(void);
void glossary_free(void);
// A page's HTML ('html', freed) with each term's first use in 'lang' linked
// to glossary.html#term-ID: only text, never inside a link, code, maths, a
// heading, a label, a badge, the evidence or the footer; in English a whole
// word in any case; never a term of one character (值, 圖), nor one inside a
// longer word its row names (順時針 for 時針); longest terms first. A new string.
char *glossary_link_terms(char *html, Lang lang);
// The glossary page's table (raw HTML in the page's Markdown, in 'lang'):
// each term in the three languages, where the course uses it and, in
// Chinese, its note.
void glossary_table(Buf *md, Lang lang);

#endif
