# expect_pages_escaped.cmake -DOUT=DIR: the pages made from the made-up run
# (tests/data/pages/ch01, every field holding markup, and its made-up lesson
# tests/data/pages/lessons/en/ch01.md with a value holding markup) show that
# markup as text: no tag from the data reaches the page as a tag. And the
# pieces are where they belong: the figure at its claim (1.4, as the lesson's
# "figure:" line places it) with its caption (Markdown with TeX: the maths a
# KaTeX span, the markup text, the image's alt text plain), the erratum with
# the document's value next to the computed one, the exercises
# (tests/data/pages/exercises, found next to the plots folder as the driver
# finds it: Markdown with TeX, raw HTML and block markers shown as text) with
# their commands and answers folded, the findings as plain text (no formula
# typeset from them), the evidence's table (the lesson's, its cells escaped
# and its maths typeset), the index's errata in the lesson's words, the data
# file linked. (A claim with a lesson shows what the course says, not the
# claim table's statement.)
file(READ ${OUT}/ch01.html page)
file(READ ${OUT}/index.html index)
set(bad "")
foreach(raw "<script>alert" "<img src=x" "<b>title</b>" "<b>bold" "<i>" "<with>" "href=\"http://example.com" "<ol" "<h1>#"
            "<b> 2")
  string(FIND "${page}${index}" "${raw}" at)
  if(NOT at EQUAL -1)
    list(APPEND bad "data markup reached a page as markup: ${raw}")
  endif()
endforeach()
# One heading of level 1 (the page's title): the exercise starting "# " is text.
string(REGEX MATCHALL "<h1" h1s "${page}")
list(LENGTH h1s n_h1)
if(NOT n_h1 EQUAL 1)
  list(APPEND bad "ch01.html has ${n_h1} <h1> headings, not 1 (a field became a block)")
endif()
# Statements and findings are what the chapter printed: never typeset.
if(page MATCHES "data-tex=\"[^\"]*10000" OR page MATCHES "data-tex=\"[^\"]*x_魚")
  list(APPEND bad "ch01.html typesets a statement or a finding")
endif()
# (";" would split the list: "." stands for it in these patterns)
foreach(want
    "&lt.script&gt.alert\\(3\\)&lt./script&gt. \\*stars\\*"
    "<table class=\"evidence-table\">.*<th class=\"num\">value</th>.*<td class=\"num\" data-label=\"value\">&lt.script&gt.alert\\(3\\)&lt./script&gt. \\*stars\\*</td>"
    "<td class=\"num\" data-label=\"value\"><span class=\"tex\" data-tex=\"x_{\\\\text{魚}} &lt. y\">"
    "\\*stars\\*"
    "<section class=\"claim\" id=\"claim-1-4\">.*<figure id=\"fig-ch01-output-d\">.*</section>"
    "<img src=\"figures/ch01_output_d.svg\" alt=\"A test figure &lt.with&gt. &quot.markup&quot. &amp. P_\\(k\\+R\\) &lt. M_R and x_file.dat\" />"
    "<strong>Figure 1.1.</strong> A test figure &lt.with&gt. &quot.markup&quot. &amp. <span class=\"tex\" data-tex=\"P_{k\\+R} &lt. M_R\">[^<]*</span> and <code>x_file.dat</code>"
    "drawn by <code>plots/ch01_output_d.gp</code>"
    "computed <b>4</b>, the document's value <b>3</b>"
    "<div class=\"exercise\" id=\"exercise-1-a\">"
    "To run this yourself: <a href=\"#run-yourself\">clone the workbook</a>, then <code>./workbook ch01 --d 4 --claim 1.1</code>"
    "<footer class=\"provenance\" id=\"run-yourself\">"
    "What is <span class=\"tex\" data-tex=\"P_{k\\+1}\">"
    "&lt.b&gt.bold\\?&lt./b&gt. &amp. <em>stars</em> and <code>x_code</code>"
    "<details>[^<]*<summary>Answer</summary>[^<]*<p><span class=\"tex\" data-tex=\"M_1 P_k\">"
    "&lt.img src=x onerror=alert\\(4\\)&gt. and <span class=\"tex\" data-tex=\"1 &lt.b&gt. 2\">"
    "with [$] and [*] escaped"
    "<strong>Exercise 1.b.</strong> # not a heading: is <span class=\"tex\" data-tex=\"x_{\\\\text{魚}} &lt. y\">"
    "<p>1. not a list item, &lt.i&gt.not italic&lt./i&gt. &amp.amp. <span class=\"tex tex-display\" data-tex=\"\\\\sum_i"
    "href=\"ch01/odd%20name%20&amp.%20more.dat\"><code>odd name &amp. more.dat</code>"
    "data-tex=\"x_{\\\\text{魚}}\">")
  if(NOT page MATCHES "${want}")
    list(APPEND bad "ch01.html lacks ${want}")
  endif()
endforeach()
# The index names both: the erratum and the erratum a holds finding mentions,
# each in its lesson's words (not the checker's statement).
foreach(want "href=\"ch01.html#claim-1-4\"" "href=\"ch01.html#claim-1-1\"" "document 3, computed 4"
             "Doc B lists three pain points" "The document says something about &lt.script&gt.alert\\(3\\)")
  if(NOT index MATCHES "${want}")
    list(APPEND bad "index.html lacks ${want}")
  endif()
endforeach()
if(page MATCHES "The claim &lt.img")
  list(APPEND bad "ch01.html shows the claim table's statement where the lesson's words stand")
endif()
if(index MATCHES "The claim &lt.img|Three pain points")
  list(APPEND bad "index.html shows a statement where the lesson's words belong")
endif()
# Which document is which: the contents and the glossary, in every language,
# carry the table of the four documents (titles as printed).
foreach(page index.html glossary.html zh-TW/index.html zh-TW/glossary.html zh-CN/index.html zh-CN/glossary.html)
  file(READ ${OUT}/${page} text)
  string(REGEX MATCHALL "<tr><td[^>]*>(Doc|文件|文档) [ABCD]</td>" rows "${text}")
  list(LENGTH rows n_rows)
  if(NOT n_rows EQUAL 4 OR NOT text MATCHES "位置编码详解：Transformer为什么必须知道Token顺序")
    list(APPEND bad "${page}: not the table of the four documents (${n_rows} rows)")
  endif()
endforeach()
if(bad)
  string(REPLACE ";" "\n" bad "${bad}")
  message(FATAL_ERROR "${bad}")
endif()
message("pages escape the data and place each piece")
