# The HTML pages (tools/workbook_pages.c): wiring, escaping, and the pages in
# a real browser (label browser: skipped, exit 77, without Chromium).
#   pages.figure_map     every plots/chNN_*.gp is placed at a claim its chapter has
#   pages.escaping       markup in the data stays text; pieces land where they belong
#   pages.rerun          the pages written again over themselves keep every file
#   pages.settings       each page names its chapter's settings other than the course's
#                        (chapter 0's corpus), in every language
#   browser.made_up_run  the made-up run's pages in headless Chromium (--checks-only)
#   browser.catches_broken_page  the browser checks fail where they should: the made-up
#                        pages with a half-typeset formula, a refused and an unrendered
#                        one, clipped boxes, unlinked figures and a figure whose text is
#                        6 pixels high added (tests/data/pages/expect_checks_fail.sh)
#   browser.chapters     pages of a real run (the chapters that train no models), checked
#                        at 1100 and 400 pixels (--checks-only: twelve pages a browser
#                        start, in frames, and no screenshot)
#   browser.workbook     the pages of the last ./workbook run, when there is one (--checks-only)
# Screenshots, for a person to look at: tests/browser_pages.sh build/workbook DIR (three
# browser starts a page: each whole page 1100 pixels wide, DIR/NAME.png, and the top of it
# in a 400-pixel frame, DIR/NAME-narrow.png), which the suite leaves out.
if(NOT TARGET workbook_pages)
  return()
endif()
set(pages_out ${WORKBOOK_TEST_OUT}/pages)
set(pages_katex "")
if(KATEX_DIR)
  set(pages_katex ${KATEX_DIR})
endif()

# The lessons are whole (a section for every claim and none besides, words for
# each expected verdict, every figure script placed at a claim its title allows)
# and within the word budget (tools/lesson_check.c).
add_test(NAME lessons.check
         COMMAND lesson_check --lessons ${CMAKE_SOURCE_DIR}/lessons --plots ${CMAKE_SOURCE_DIR}/plots
                 ${WORKBOOK_CHAPTER_PROGRAMS})
set_tests_properties(lessons.check PROPERTIES LABELS "unit;docs")

# A made-up run: a made-up chapter (tests/data/pages/ch01) with markup in every
# field, an exercise and an odd file name, run by the driver with a stand-in
# gnuplot; REPORT.md and the pages are written from it.
add_test(NAME pages.made_up_run
         COMMAND ${CMAKE_COMMAND} -DPAGES=$<TARGET_FILE:workbook_pages> -DOUT=${pages_out}/made-up
                 -DASSETS=${CMAKE_SOURCE_DIR}/tools/pages -DKATEX=${pages_katex}
                 -DDRIVER=$<TARGET_FILE:workbook_run> -DPLOTS=${CMAKE_CURRENT_SOURCE_DIR}/data/pages/plots
                 -DGNUPLOT=${CMAKE_CURRENT_SOURCE_DIR}/data/pages/fake_gnuplot
                 -DCHAPTERS=${CMAKE_CURRENT_SOURCE_DIR}/data/pages/ch01
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/pages_fixture.cmake)
set_tests_properties(pages.made_up_run PROPERTIES FIXTURES_SETUP pages_made_up LABELS "unit;browser")
add_test(NAME pages.escaping
         COMMAND ${CMAKE_COMMAND} -DOUT=${pages_out}/made-up -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_pages_escaped.cmake)
set_tests_properties(pages.escaping PROPERTIES FIXTURES_REQUIRED pages_made_up LABELS "unit")
# Each page says what its results came from: the settings other than the course's
# (chapter 0's corpus among them), in every language (tests/expect_pages_settings.sh).
add_test(NAME pages.settings
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_pages_settings.sh $<TARGET_FILE:workbook_pages> ${pages_out}/made-up
                 ${pages_out}/settings ${CMAKE_SOURCE_DIR}/plots ${CMAKE_SOURCE_DIR}/tools/pages)
set_tests_properties(pages.settings PROPERTIES FIXTURES_REQUIRED pages_made_up LABELS "unit")
# The pages written again over themselves keep every file (the KaTeX fonts too).
add_test(NAME pages.rerun
         COMMAND ${CMAKE_COMMAND} -DPAGES=$<TARGET_FILE:workbook_pages> -DOUT=${pages_out}/made-up
                 -DPLOTS=${CMAKE_CURRENT_SOURCE_DIR}/data/pages/plots -DASSETS=${CMAKE_SOURCE_DIR}/tools/pages
                 -DKATEX=${pages_katex} -P ${CMAKE_CURRENT_SOURCE_DIR}/data/pages/expect_rerun_keeps_files.cmake)
set_tests_properties(pages.rerun PROPERTIES FIXTURES_REQUIRED pages_made_up LABELS "unit")
add_test(NAME browser.made_up_run
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/browser_pages.sh --checks-only ${pages_out}/made-up ${pages_out}/made-up-screenshots)
set_tests_properties(browser.made_up_run PROPERTIES FIXTURES_REQUIRED pages_made_up LABELS "browser"
                     SKIP_RETURN_CODE 77)
add_test(NAME browser.catches_broken_page
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/data/pages/expect_checks_fail.sh ${CMAKE_CURRENT_SOURCE_DIR}/browser_pages.sh
                 ${pages_out}/made-up ${pages_out}/broken)
set_tests_properties(browser.catches_broken_page PROPERTIES FIXTURES_REQUIRED pages_made_up LABELS "browser"
                     SKIP_RETURN_CODE 77)

# REPORT.md and the pages from one reader (common/run_data): markup in every
# field and setting stays text in the rendered report; a 100 kB claims row and
# a 1 MB narrative are read whole; a malformed chapter is named and the others
# are written.
add_executable(markdown_html markdown_html.c)
target_include_directories(markdown_html PRIVATE ${CMARK_INCLUDE_DIR})
target_link_libraries(markdown_html PRIVATE workbook_common ${CMARK_LIBRARY})
foreach(mode escaped long malformed hostile interrupted)
  add_test(NAME report.${mode}
           COMMAND ${CMAKE_COMMAND} -DMODE=${mode} -DDRIVER=$<TARGET_FILE:workbook_run>
                   -DPAGES=$<TARGET_FILE:workbook_pages> -DMARKDOWN_HTML=$<TARGET_FILE:markdown_html>
                   -DASSETS=${CMAKE_SOURCE_DIR}/tools/pages -DDATA=${CMAKE_CURRENT_SOURCE_DIR}/data
                   -DCH01=$<TARGET_FILE:ch01> -DOUT=${pages_out}/report-${mode}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_run_data.cmake)
  set_tests_properties(report.${mode} PROPERTIES LABELS "unit;hardening")
endforeach()

# Issue 26's faults in the pages (tests/expect_tool_fault.sh).
add_test(NAME workbook_pages.fault.closed_stdout
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_tool_fault.sh closed_stdout ${pages_out}/closed-stdout
                 $<TARGET_FILE:workbook_pages> --out ${pages_out}/closed-stdout --plots ${CMAKE_SOURCE_DIR}/plots
                 --assets ${CMAKE_SOURCE_DIR}/tools/pages)
add_test(NAME workbook_pages.fault.assets_link
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_tool_fault.sh pages_link ${pages_out}/assets-link
                 $<TARGET_FILE:workbook_pages> ${CMAKE_SOURCE_DIR}/plots ${CMAKE_SOURCE_DIR}/tools/pages)
set_tests_properties(workbook_pages.fault.closed_stdout workbook_pages.fault.assets_link PROPERTIES
                     LABELS "fault;hardening")

# The browser tests of real runs are the development suite's only: under the
# sanitizers they would repeat the same pages at several times the cost (the
# pages program itself is checked there by the made-up run above).
if(WORKBOOK_SANITIZE)
  return()
endif()

# A real run of the chapters that train no models (6 and 7 take a minute: the
# last ./workbook run's pages, browser.workbook, cover them).
set(pages_chapters "")
foreach(chapter ch01 ch02 ch03 ch04 ch05 ch08)
  if(TARGET ${chapter})
    list(APPEND pages_chapters $<TARGET_FILE:${chapter}>)
  endif()
endforeach()
add_test(NAME pages.chapters_run
         COMMAND ${CMAKE_COMMAND} -DPAGES=$<TARGET_FILE:workbook_pages> -DOUT=${pages_out}/chapters
                 -DASSETS=${CMAKE_SOURCE_DIR}/tools/pages -DKATEX=${pages_katex}
                 -DDRIVER=$<TARGET_FILE:workbook_run> -DPLOTS=${CMAKE_SOURCE_DIR}/plots
                 -DGNUPLOT=${GNUPLOT_EXECUTABLE} "-DCHAPTERS=${pages_chapters}"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/pages_fixture.cmake)
set_tests_properties(pages.chapters_run PROPERTIES FIXTURES_SETUP pages_chapters LABELS "browser")
add_test(NAME browser.chapters
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/browser_pages.sh --checks-only ${pages_out}/chapters ${pages_out}/chapters-screenshots)
set_tests_properties(browser.chapters PROPERTIES FIXTURES_REQUIRED pages_chapters LABELS "browser"
                     SKIP_RETURN_CODE 77)

# The last ./workbook run (WORKBOOK_OUTPUT_DIR): skipped when it has no pages.
add_test(NAME browser.workbook
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/browser_pages.sh --skip-if-no-pages --checks-only ${WORKBOOK_OUTPUT_DIR}
                 ${pages_out}/workbook-screenshots)
set_tests_properties(browser.workbook PROPERTIES LABELS "browser" SKIP_RETURN_CODE 77)

# Bad input: one line, exit 2, nothing written.
workbook_badinput_test(workbook_pages.badinput.no_plots workbook_pages ARGS --assets /tmp
                       EXPECT "--out, --plots and --assets are required")
workbook_badinput_test(workbook_pages.badinput.unknown workbook_pages ARGS --plots /tmp --assets /tmp --colour red
                       EXPECT "unknown option '--colour'")
workbook_badinput_test(workbook_pages.badinput.twice workbook_pages ARGS --plots /tmp --plots /tmp --assets /tmp
                       EXPECT "--plots: given more than once")
workbook_badinput_test(workbook_pages.badinput.no_value workbook_pages ARGS --plots /tmp --assets /tmp --katex
                       EXPECT "--katex: missing value")
workbook_badinput_test(workbook_pages.badinput.out_missing workbook_pages ARGS --plots /tmp --assets /tmp
                       EXPECT "--out '.*': expected a folder")

