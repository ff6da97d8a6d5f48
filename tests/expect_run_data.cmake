# expect_run_data.cmake: REPORT.md and the pages, written from one reader
# (common/run_data), with what a hostile or broken run puts in them.
#   -DMODE=escaped    the made-up chapter (tests/data/pages/ch01: markup in
#       its title, summary and every claims.tsv field) run as one chapter with
#       a setting holding markup: REPORT.md rendered by libcmark
#       (MARKDOWN_HTML) has no HTML element from the data, only its text.
#   -DMODE=long       tests/data/long/ch01: a 100 kB claims.tsv row and a 1 MB
#       narrative are read whole (REPORT.md has the whole finding, the page
#       the whole narrative).
#   -DMODE=malformed  a real ch01 (CH01) and tests/data/malformed/ch02 (a
#       claims.tsv without 'finding'): REPORT.md and ch02's page name the
#       problem, ch01's section and page are whole, workbook_pages exits 0.
#   -DMODE=hostile    tests/data/hostile/ch99 (issue 43): raw HTML in every
#       claims.tsv field, the verdict <script>alert(7)</script> too, an id
#       that ends an attribute, a summary and a statement that start a list;
#       REPORT.md and REPORT.zh-TW.md rendered by libcmark (which passes raw
#       HTML through, as a permissive viewer does) and the pages hold none of
#       it as HTML: no element, attribute or list from the data, its text shown.
#   -DMODE=interrupted  the made-up chapter's complete run, then a run of
#       tests/data/interrupted/ch01, which stops the driver mid-chapter (SIGINT,
#       130: the run's REPORT.md stays the previous one, while the chapter's
#       folder is half rewritten); the site written from it (workbook_pages
#       --site, issue 43) must say in REPORT.md what its ch01.html says: the
#       chapter cannot be read as it should, and none of the previous results.
# Also: DRIVER, PAGES, ASSETS, DATA (tests/data), OUT.
file(REMOVE_RECURSE ${OUT})
set(pages_plots ${DATA}/pages/plots)
set(fake_gnuplot ${DATA}/pages/fake_gnuplot)
function(run_pages)
  execute_process(COMMAND ${PAGES} --out ${OUT} --plots ${pages_plots} --assets ${ASSETS}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "workbook_pages: exit ${rc}\n${out}${err}")
  endif()
  set(pages_err "${err}" PARENT_SCOPE)
endfunction()
set(problems "")

if(MODE STREQUAL "escaped")
  set(setting "--x`<img src=x onerror=alert(1)>`<script>alert(2)</script>")
  execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${pages_plots} --gnuplot ${fake_gnuplot}
                          --chapter ch01 ${DATA}/pages/ch01 -- ${setting}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "driver: exit ${rc}\n${out}${err}")
  endif()
  execute_process(COMMAND ${MARKDOWN_HTML} ${OUT}/REPORT.md OUTPUT_VARIABLE html RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "markdown_html: exit ${rc}")
  endif()
  # Every element in the rendered report is one the report writes itself.
  string(REGEX MATCHALL "<[a-zA-Z][a-zA-Z0-9]*" tags "${html}")
  list(REMOVE_DUPLICATES tags)
  foreach(tag IN LISTS tags)
    if(NOT tag MATCHES "^<(h1|h2|h3|p|a|em|strong|code|pre|table|thead|tbody|tr|th|td|img|details|summary|blockquote)$")
      list(APPEND problems "an element ${tag} from the data")
    endif()
  endforeach()
  # (HTML entities hold ';', which would split a CMake list: count instead.)
  string(REGEX MATCHALL "<img " images "${html}")
  string(REGEX MATCHALL "<img src=\"figures/ch01_output_d[.]png\" alt=\"" drawn "${html}")
  list(LENGTH images n_images)
  list(LENGTH drawn n_drawn)
  if(NOT n_images EQUAL n_drawn OR NOT n_drawn EQUAL 1)
    list(APPEND problems "${n_images} images in the report, ${n_drawn} of them the figure it drew (expected 1 and 1)")
  endif()
  # (the contents show the lesson's title, "A made-up lesson", as the section does: chapter.txt's
  # "A <b>title</b>" is shown, escaped, only for a chapter without one, the hostile test's ch99)
  foreach(want "&lt.img src=x onerror=alert\\(1\\)&gt." "ch01</a> [|] A made-up lesson [|]" "&lt.script&gt.alert\\(2\\)"
               "\\*stars\\*" "Run with <code>./workbook ch01 &#39.--x`&lt.img|Run with <code>./workbook ch01 '--x`&lt.img")
    if(NOT html MATCHES "${want}")
      list(APPEND problems "the rendered REPORT.md lacks ${want}")
    endif()
  endforeach()
elseif(MODE STREQUAL "long")
  execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${pages_plots} --gnuplot ${fake_gnuplot} ${DATA}/long/ch01
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc MATCHES "^[01]$")
    message(FATAL_ERROR "driver: exit ${rc}\n${out}${err}")
  endif()
  run_pages()
  file(READ ${OUT}/REPORT.md report)
  string(REGEX MATCH "f+FINDING-END" finding "${report}")
  string(LENGTH "${finding}" n)
  if(NOT n EQUAL 100011)
    list(APPEND problems "REPORT.md holds ${n} characters of the finding, not 100011")
  endif()
  string(REGEX MATCHALL "\n[|] " rows "${report}")
  list(LENGTH rows n_rows)
  if(NOT n_rows EQUAL 4)   # the two tables' headers, ch01's glance row, its claim row
    list(APPEND problems "REPORT.md has ${n_rows} table rows, not 4 (a long row split into several?)")
  endif()
  file(READ ${OUT}/ch01.html page)
  string(REGEX MATCHALL "n+" runs "${page}")
  set(letters 0)
  foreach(run IN LISTS runs)
    string(LENGTH "${run}" len)
    if(len EQUAL 99)
      math(EXPR letters "${letters} + 1")
    endif()
  endforeach()
  if(NOT letters EQUAL 10000 OR NOT page MATCHES "NARRATIVE-END")
    list(APPEND problems "ch01.html shows ${letters} of the narrative's 10000 lines")
  endif()
elseif(MODE STREQUAL "malformed")
  execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${pages_plots} --gnuplot ${fake_gnuplot} ${CH01}
                          ${DATA}/malformed/ch02
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 1)
    list(APPEND problems "driver exit ${rc}, expected 1 (a chapter is broken)")
  endif()
  run_pages()
  file(READ ${OUT}/REPORT.md report)
  if(NOT report MATCHES "\n[|] 1[.]1 [|]" OR NOT report MATCHES "## ch01: [^\n]*\n")
    list(APPEND problems "REPORT.md lost ch01's section")
  endif()
  if(NOT report MATCHES "## ch02: A malformed chapter.*claims[.]tsv has no column 'finding'")
    list(APPEND problems "REPORT.md does not name ch02's problem")
  endif()
  if(NOT EXISTS ${OUT}/ch01.html OR NOT EXISTS ${OUT}/ch02.html)
    list(APPEND problems "a page is missing")
  else()
    file(READ ${OUT}/ch02.html page)
    if(NOT page MATCHES "claims[.]tsv has no column &#39;finding&#39;|claims[.]tsv has no column 'finding'")
      list(APPEND problems "ch02.html does not name the problem")
    endif()
  endif()
  if(NOT pages_err MATCHES "ch02: claims.tsv has no column")
    list(APPEND problems "workbook_pages did not name ch02 on stderr")
  endif()
elseif(MODE STREQUAL "hostile")
  execute_process(COMMAND ${DRIVER} --out ${OUT} --plots ${pages_plots} --gnuplot ${fake_gnuplot} ${DATA}/hostile/ch99
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc MATCHES "^[01]$")
    message(FATAL_ERROR "driver: exit ${rc}\n${out}${err}")
  endif()
  run_pages()
  foreach(report REPORT.md REPORT.zh-TW.md)
    execute_process(COMMAND ${MARKDOWN_HTML} ${OUT}/${report} OUTPUT_VARIABLE html RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "markdown_html ${report}: exit ${rc}")
    endif()
    string(REPLACE ";" "." html "${html}")   # (entities' ';' would split CMake's lists)
    # No element of the data's (this run draws no figure: no <img> at all), no list.
    foreach(raw "<script" "<img" "<b>" "<i>" "<u>" "<s>" "<em>key" "<ol" "<ul" "<li")
      string(FIND "${html}" "${raw}" at)
      if(NOT at EQUAL -1)
        list(APPEND problems "${report}: ${raw} from the data reached the HTML")
      endif()
    endforeach()
    # Each id the report writes is its own: chNN or claim- and letters, digits and '-'.
    string(REGEX MATCHALL "<a id=\"[^\"]*\"[^>]*>" anchors "${html}")
    foreach(anchor IN LISTS anchors)
      if(NOT anchor MATCHES "^<a id=\"(ch99|claim-[A-Za-z0-9-]+)\">$")
        list(APPEND problems "${report}: the anchor ${anchor}")
      endif()
    endforeach()
    # The evidence's summary line is raw HTML: the id in it must be HTML text.
    string(REGEX MATCHALL "<summary>[^\n]*" summaries "${html}")
    foreach(summary IN LISTS summaries)
      if(NOT summary MATCHES "^<summary>[^<>]*</summary>")
        list(APPEND problems "${report}: ${summary}")
      endif()
    endforeach()
    # The data shown as text, where it was.
    foreach(want "<strong>[^<]*&lt.script&gt.alert\\(7\\)&lt./script&gt.[^<]*</strong>"
                 "<p>1. &lt.script&gt.alert\\(11\\)" "<p>- &lt.script&gt.alert\\(9\\)"
                 "&lt.img src=x onerror=alert\\(8\\)&gt.")
      if(NOT html MATCHES "${want}")
        list(APPEND problems "${report}: the rendered report lacks ${want}")
      endif()
    endforeach()
  endforeach()
  file(READ ${OUT}/ch99.html page)
  foreach(raw "<script>alert" "<img src=x" "<b>A hostile")
    string(FIND "${page}" "${raw}" at)
    if(NOT at EQUAL -1)
      list(APPEND problems "ch99.html: ${raw} from the data reached the page")
    endif()
  endforeach()
elseif(MODE STREQUAL "interrupted")
  execute_process(COMMAND ${DRIVER} --out ${OUT}/run --plots ${pages_plots} --gnuplot ${fake_gnuplot} ${DATA}/pages/ch01
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the first run: driver exit ${rc}\n${out}${err}")
  endif()
  execute_process(COMMAND ${DRIVER} --out ${OUT}/run --plots ${pages_plots} --gnuplot ${fake_gnuplot}
                          --chapter ch01 ${DATA}/interrupted/ch01
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 130)
    message(FATAL_ERROR "the stopped run: driver exit ${rc}, expected 130 (SIGINT)\n${out}${err}")
  endif()
  file(READ ${OUT}/run/REPORT.md kept)
  if(NOT kept MATCHES "\n[|] 1[.]4 [|]")   # (the case this test is about: the previous results kept)
    message(FATAL_ERROR "the stopped run's folder no longer holds the previous REPORT.md")
  endif()
  execute_process(COMMAND ${PAGES} --out ${OUT}/run --plots ${pages_plots} --assets ${ASSETS} --site ${OUT}/site
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "workbook_pages --site: exit ${rc}\n${out}${err}")
  endif()
  file(READ ${OUT}/site/ch01.html page)
  if(NOT page MATCHES "This chapter.s files cannot be read as they should")
    list(APPEND problems "the site's ch01.html does not say the chapter cannot be read (the test's premise)")
  endif()
  foreach(report REPORT.md REPORT.zh-TW.md REPORT.zh-CN.md)
    file(READ ${OUT}/site/${report} text)
    if(text MATCHES "\n[|] 1[.]4 [|]|Four, not three")
      list(APPEND problems "the site's ${report} shows ch01's previous results, which its ch01.html does not")
    endif()
  endforeach()
  file(READ ${OUT}/site/REPORT.md text)
  if(NOT text MATCHES "## ch01: [^\n]*\n.*This chapter's files cannot be read as they should[^\n]*cannot be read")
    list(APPEND problems "the site's REPORT.md does not say what ch01.html says: the chapter cannot be read")
  endif()
else()
  message(FATAL_ERROR "MODE must be escaped, long, malformed, hostile or interrupted")
endif()
if(problems)
  string(REPLACE ";" "\n" problems "${problems}")
  message(FATAL_ERROR "${problems}")
endif()
message("${MODE}: as expected")
