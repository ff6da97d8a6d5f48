# expect_pages_escaped.cmake -DOUT=DIR: the pages made from the made-up run
# (tests/data/pages/ch01, every field holding markup, and its made-up lesson
# tests/data/pages/lessons/en/ch01.md with a value holding markup) show that
# markup as text: no tag from the data reaches the page as a tag. And the
# pieces are where they belong: the figure at its claim (1.4, as the lesson's
# "figure:" line places it)
# with its caption, the erratum with the document's value next to the computed
# one, the exercise (tests/data/pages/exercises, found next to the plots
# folder as the driver finds it) with its command and its answer folded, the
# data file linked.
file(READ ${OUT}/ch01.html page)
file(READ ${OUT}/index.html index)
set(bad "")
foreach(raw "<script>alert" "<img src=x" "<b>title</b>" "<b>bold" "<i>" "<with>" "href=\"http://example.com")
  string(FIND "${page}${index}" "${raw}" at)
  if(NOT at EQUAL -1)
    list(APPEND bad "data markup reached a page as markup: ${raw}")
  endif()
endforeach()
# (";" would split the list: "." stands for it in these patterns)
foreach(want
    "&lt.script&gt.alert\\(3\\)&lt./script&gt. \\*stars\\*"
    "&lt.img src=x onerror=alert\\(1\\)&gt."
    "\\*stars\\*"
    "<section class=\"claim\" id=\"claim-1-4\">.*<figure id=\"fig-ch01-output-d\">.*A test figure &lt.with&gt..*</section>"
    "computed <b>4</b>, the document's value <b>3</b>"
    "<div class=\"exercise\" id=\"exercise-1-a\">"
    "Run: <code>./workbook ch01 --d 4 --claim 1.1</code>"
    "&lt.b&gt.bold\\?&lt./b&gt."
    "<details>[^<]*<summary>Answer</summary>[^<]*<p>M_1 P_k|<details>[^<]*<summary>Answer</summary>[^<]*<p><span class=\"tex\" data-tex=\"M_{1} P_{k}\">"
    "What is <span class=\"tex\" data-tex=\"P_{k\\+1}\">"
    "href=\"ch01/odd%20name%20&amp.%20more.dat\""
    "data-tex=\"x_{\\\\text{魚}}")
  if(NOT page MATCHES "${want}")
    list(APPEND bad "ch01.html lacks ${want}")
  endif()
endforeach()
# The index names both: the erratum and the erratum a holds finding mentions.
foreach(want "href=\"ch01.html#claim-1-4\"" "href=\"ch01.html#claim-1-1\"" "document 3, computed 4")
  if(NOT index MATCHES "${want}")
    list(APPEND bad "index.html lacks ${want}")
  endif()
endforeach()
if(bad)
  string(REPLACE ";" "\n" bad "${bad}")
  message(FATAL_ERROR "${bad}")
endif()
message("pages escape the data and place each piece")
