// ascii_tex.h: the ASCII maths in the chapters' texts as KaTeX spans.
//
// Formulas. The texts are ASCII maths (P_{k+R} = M_R P_k, 10000^(2i/d)).
// A word holding '_' or '^' starts a formula; the formula runs on over the
// words next to it that are formulas too, operators (= + - x < > <= >= ...)
// and plain numbers or single letters, and never ends on an operator. A
// formula whose brackets do not balance stays plain text. Each becomes
//   <span class="tex" data-tex="TEX">ASCII</span>
// with TEX from fixed rewrites (^(a) -> ^{a}, _ab -> _{ab}, sin -> \sin,
// sum -> \sum, pi -> \pi, <= -> \le, a.b -> a\cdot b, .. -> \ldots, other
// letter runs -> \mathrm{...},
// non-ASCII text -> \text{...}); assets/render.js hands each span's TEX to
// katex.render and marks it done. So without JavaScript a reader sees the
// ASCII, and no TeX delimiter is ever written into a page. The narrative's
// lines that are laid out as tables (indented or with runs of spaces) stay
// preformatted, without formulas.
#ifndef WORKBOOK_ASCII_TEX_H
#define WORKBOOK_ASCII_TEX_H

#include "page_text.h"

// Write 'text' as Markdown (page_text.h's escaping) with its formulas as KaTeX spans.
void md_math(Buf *b, const char *text);

#endif
