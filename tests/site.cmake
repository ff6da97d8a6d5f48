# The published site (workbook_pages --site; ./workbook site DIR), label site:
#   site.bad_input  SITE a file, a folder of other files, a link, a folder whose parent
#                   is missing, '.', and a run folder with no run: one line naming the
#                   problem, exit 2, nothing written (tests/expect_site.sh)
#   site.replace    an empty folder takes a site, a previous site is replaced (only the files
#                   its SITE_MANIFEST lists), and a failed write (a figure of the run missing)
#                   leaves it as it was
#   site.user_folder  a folder of the user's files (with an index.html saved from a class site,
#                   or a previous site with a file added) is refused, one line, nothing touched
#   site.signal     SIGINT, SIGTERM, SIGHUP mid-write: the previous site as it was, no temporary
#   site.killed     a SIGKILL's temporary is swept by the next run; a live one's is refused
#   site.mount_point  an empty mount point (tmpfs; root only) takes a site, and a second one
#   site.locked     while the run is locked: bad input refused at once, a good run says what
#                   it waits for in one line, then writes the site
#   (these seven take a few seconds, no browser: labels fault;hardening, the quick tier)
#   site.chapters   the site of browser.chapters' run (chapters 1-5 and 8; no training):
#                   exactly the publishable files, each page marked and with where its
#                   results come from, at most 30 MB, the count it prints
#   site.crawl      that site served over HTTP from 127.0.0.1 by BusyBox's httpd and crawled
#                   from index.html in headless Chromium, one browser start: every link,
#                   image, script, style sheet and font answers 200, no link to a folder,
#                   every anchor there, formulas rendered, every page reached, console
#                   silent (tests/site_crawl.sh; skipped, 77, without Chromium or BusyBox)
#   site.catches_broken_site  the crawl fails, naming each, on a copy of that site with a
#                   figure missing, a folder link, a missing anchor, raw maths, a KaTeX
#                   error, a console message and a page no link reaches
#   site.workbook   the site of the last ./workbook run: the same checks, chapter 0's
#                   vectors left out, and the crawl (skipped when there is no run)
if(NOT TARGET workbook_pages)
  return()
endif()
set(site_out ${WORKBOOK_TEST_OUT}/site)
foreach(mode bad_input replace user_folder signal killed mount_point locked)
  add_test(NAME site.${mode}
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_site.sh ${mode} $<TARGET_FILE:workbook_pages> ${pages_out}/made-up
                   ${site_out}/${mode} ${CMAKE_CURRENT_SOURCE_DIR}/data/pages/plots ${CMAKE_SOURCE_DIR}/tools/pages
                   ${pages_katex})
  set_tests_properties(site.${mode} PROPERTIES FIXTURES_REQUIRED pages_made_up LABELS "fault;hardening"
                       SKIP_RETURN_CODE 77)
endforeach()

# A real run's site and its crawl: the development suite's only, as the browser
# tests of real runs (tests/pages.cmake).
if(WORKBOOK_SANITIZE)
  return()
endif()
add_test(NAME site.chapters
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_site.sh build $<TARGET_FILE:workbook_pages> ${pages_out}/chapters
                 ${site_out}/chapters ${CMAKE_SOURCE_DIR}/plots ${CMAKE_SOURCE_DIR}/tools/pages ${pages_katex})
set_tests_properties(site.chapters PROPERTIES FIXTURES_REQUIRED pages_chapters FIXTURES_SETUP site_chapters
                     LABELS "site")
add_test(NAME site.crawl
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/site_crawl.sh ${site_out}/chapters/site ${site_out}/crawl)
set_tests_properties(site.crawl PROPERTIES FIXTURES_REQUIRED site_chapters LABELS "site;browser" SKIP_RETURN_CODE 77)
add_test(NAME site.catches_broken_site
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/data/site/expect_crawl_fails.sh ${CMAKE_CURRENT_SOURCE_DIR}/site_crawl.sh
                 ${site_out}/chapters/site ${site_out}/broken)
set_tests_properties(site.catches_broken_site PROPERTIES FIXTURES_REQUIRED site_chapters LABELS "site;browser"
                     SKIP_RETURN_CODE 77)
add_test(NAME site.workbook
         COMMAND ${CMAKE_COMMAND} -E env CRAWL=${CMAKE_CURRENT_SOURCE_DIR}/site_crawl.sh
                 ${CMAKE_CURRENT_SOURCE_DIR}/expect_site.sh workbook $<TARGET_FILE:workbook_pages> ${WORKBOOK_OUTPUT_DIR}
                 ${site_out}/workbook ${CMAKE_SOURCE_DIR}/plots ${CMAKE_SOURCE_DIR}/tools/pages ${pages_katex})
set_tests_properties(site.workbook PROPERTIES LABELS "site;browser" SKIP_RETURN_CODE 77)
