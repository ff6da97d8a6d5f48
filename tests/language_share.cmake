# The language share (issue 41, part 4): a Chinese output holds no run of 4 or
# more English words outside code, maths, option names, file names and the
# reviewed allow-list. The checker is tools/language_share.c (its header says
# the rules), the list tests/language_share_allow.txt, the steps
# tests/language_share.sh. Label language_share (and i18n).
#   language_share.unit.*        the checker on small fixtures (tests/data/language_share):
#                                an English sentence in a zh line fails; code, maths, options,
#                                file names, identifiers, acronyms, allowed phrases, example
#                                words, scored word lists and quoted text pass; the markup of
#                                each mode (Markdown with its tables, HTML, SVG) taken out where
#                                it should be and kept where it is text; its counts; bad usage
#                                (exit 2)
#   language_share.reintroduced.LANG  chapter 3's default print in LANG passes, and fails,
#                                on that line, with the English print's first verdict sentence
#                                put back under its verdict
#   language_share.help.chNN.LANG      chNN --help
#   language_share.print.chNN.LANG     chNN's default print
#   language_share.evidence.chNN.LANG  chNN --evidence (for the chapters of i18n.same_numbers, the
#                                print that test kept: tests/i18n.cmake)
#                                (chapters 0, 6 and 9 at their data tests' settings, reading the
#                                runs those cached: the words, not the numbers, are checked)
#   language_share.KIND.workbook.LANG  the last ./workbook run (WORKBOOK_OUTPUT_DIR; skipped, 77,
#                                without one): KIND report (REPORT.LANG.md), pages (LANG/*.html,
#                                visible and folded text), figures (the SVG files they show)
#   language_share.KIND.chapters.LANG  the same of pages.chapters_run's run (chapters 1-5 and 8;
#                                label browser, the full tier, as that run), which CI makes
# Tiers: the checker's tests, --help, zh-TW's evidence and the last run's files are quick;
# zh-CN's evidence (the build derives its text from zh-TW's, so they differ only where a
# catalogue or lesson entry differs), every print (the lessons' text, which the quick tier's
# lesson and same-numbers checks read; tests/CMakeLists.txt, WORKBOOK_FULL_PATTERNS), the
# chapters run's files and memcheck are full.
#
# WORKBOOK_LANGUAGE_SHARE_PENDING: the outputs not translated yet. Their tests are registered
# with DISABLED TRUE (ctest lists them as "Not Run (Disabled)", and they fail nothing). An entry
# is an output kind (help, print, evidence, report, pages, figures), or a kind and a chapter or
# run (evidence.ch03, pages.workbook), or one test's whole tail (help.ch01.zh-CN). When a
# translation lands, take its entry out of the list below (and its test must pass in the same
# commit). To try them all on a build: cmake --preset dev -DWORKBOOK_LANGUAGE_SHARE_PENDING=
# (empty); -UWORKBOOK_LANGUAGE_SHARE_PENDING returns to this list.
# At 0449c48 every chapter's default print passes in both languages; --help has English in
# every chapter (a summary, --cache, --retrain, ch01's --sentence in zh-CN), the evidence is
# English, and the report, the pages and the figures carry it (issue 41's before numbers;
# tests/language_share_counts.sh RUN prints them for any run). Every chapter's --help is
# translated since (issue 41, part 3: the lessons' titles and summaries, the option help texts):
# help is no longer pending. The evidence (issue 41, part 1: the lessons' ### evidence), the
# report and the pages that carry it, and the figures (part 2) followed: nothing is pending.
if(NOT DEFINED WORKBOOK_LANGUAGE_SHARE_PENDING)
  set(WORKBOOK_LANGUAGE_SHARE_PENDING "")   # (every output in the reader's language: issue 41)
endif()

set(share_out ${WORKBOOK_TEST_OUT}/language_share)
set(share_script ${CMAKE_CURRENT_SOURCE_DIR}/language_share.sh)
set(share_allow ${CMAKE_CURRENT_SOURCE_DIR}/language_share_allow.txt)
set(share_data ${CMAKE_CURRENT_SOURCE_DIR}/data/language_share)

# ---- the checker itself ---------------------------------------------------------------
# name | exit status | lines with a run ('-': none) | file (in tests/data/language_share) [| options]
foreach(case
    "english_sentence|1|3|english_sentence.txt"
    "exempt|0|-|exempt.txt"
    "data_or_sentence|1|2,3,4,5,7|data_or_sentence.txt"
    "markdown|1|22,34|report.md"
    "html|1|13,16|page.html"
    "svg|1|13|figure.svg"
    "min_run|1|2,3,4,4,5,7|data_or_sentence.txt|--min-run;3"
    "allow_without_reason|2|-|exempt.txt|--allow;${share_data}/allow_without_reason.txt"
    "bad_mode|2|-|exempt.txt|--mode;pdf")
  string(REPLACE "|" ";" cells "${case}")
  list(GET cells 0 name)
  list(GET cells 1 status)
  list(GET cells 2 lines)
  list(GET cells 3 file)
  set(options --allow ${share_allow})
  list(LENGTH cells n)
  if(n GREATER 4)
    list(SUBLIST cells 4 -1 options)
    if(NOT "--allow" IN_LIST options)
      list(APPEND options --allow ${share_allow})
    endif()
  endif()
  add_test(NAME language_share.unit.${name}
           COMMAND ${share_script} expect $<TARGET_FILE:language_share> ${status} ${lines} -- ${options}
                   ${share_data}/${file})
  set_tests_properties(language_share.unit.${name} PROPERTIES LABELS "unit;i18n;language_share")
endforeach()
# From standard input (the mode then is text unless --mode says otherwise).
add_test(NAME language_share.unit.stdin
         COMMAND sh -c "'$<TARGET_FILE:language_share>' --allow '${share_allow}' --name zh < '${share_data}/english_sentence.txt'")
set_tests_properties(language_share.unit.stdin PROPERTIES LABELS "unit;i18n;language_share"
                     PASS_REGULAR_EXPRESSION "^zh:3: 9 English words: The pair turns by one radian per position here\n")
# The counts: English words, CJK characters, English-only lines, lines with text, runs.
add_test(NAME language_share.unit.counts
         COMMAND $<TARGET_FILE:language_share> --counts --allow ${share_allow} ${share_data}/english_sentence.txt
                 ${share_data}/data_or_sentence.txt)
set_tests_properties(language_share.unit.counts PROPERTIES LABELS "unit;i18n;language_share"
                     PASS_REGULAR_EXPRESSION "^60\t78\t2\t11\t6\n$")
# ... and under valgrind (label memcheck, the full tier), on every fixture and mode at once.
workbook_memcheck_test(language_share UNIT ARGS --allow ${share_allow} ${share_data}/english_sentence.txt
                       ${share_data}/exempt.txt ${share_data}/data_or_sentence.txt ${share_data}/report.md
                       ${share_data}/page.html ${share_data}/figure.svg)

# The real outputs need the catalogues and the derived zh-CN edition (tests/i18n.cmake), and
# are the development suite's: under the sanitizers the trained chapters run other settings.
if(NOT MSGFMT_EXECUTABLE OR NOT OPENCC_FOUND OR WORKBOOK_SANITIZE)
  return()
endif()

# share_pending(TEST TAIL): DISABLED when an entry of WORKBOOK_LANGUAGE_SHARE_PENDING is TAIL
# (kind.where.lang) or a start of it.
function(share_pending test tail)
  foreach(entry IN LISTS WORKBOOK_LANGUAGE_SHARE_PENDING)
    string(LENGTH "${entry}." n)
    string(SUBSTRING "${tail}." 0 ${n} head)
    if(head STREQUAL "${entry}.")
      set_tests_properties(${test} PROPERTIES DISABLED TRUE)
    endif()
  endforeach()
endfunction()

foreach(lang zh-TW zh-CN)
  add_test(NAME language_share.reintroduced.${lang}
           COMMAND ${share_script} reintroduced $<TARGET_FILE:language_share> ${share_allow}
                   ${share_out}/reintroduced-${lang} $<TARGET_FILE:ch03> ${lang})
  set_tests_properties(language_share.reintroduced.${lang} PROPERTIES LABELS "i18n;language_share;ch03")
endforeach()

# Each chapter's --help, default print and --evidence. The chapters that train read the runs
# their data test cached (the same settings, the same cache): nothing trains here.
set(share_args_ch00 --seeds 1 --cache ${WORKBOOK_TEST_OUT}/ch00/cache)
set(share_args_ch06 --steps 600 --seeds 2 --eval-seqs 100 --cache ${WORKBOOK_TEST_OUT}/ch06/cache)
set(share_args_ch09 --steps 500 --seeds 1 --eval-seqs 100 --cache ${WORKBOOK_TEST_OUT}/ch09/cache)
foreach(chapter IN LISTS WORKBOOK_CHAPTERS)
  foreach(lang zh-TW zh-CN)
    foreach(kind help print evidence)
      set(test language_share.${kind}.${chapter}.${lang})
      set(args --lang ${lang})
      if(kind STREQUAL "help")
        list(APPEND args --help)
      else()
        list(APPEND args --out ${share_out}/${chapter}-${kind}-${lang} ${share_args_${chapter}})
        if(kind STREQUAL "evidence")
          list(APPEND args --evidence)
        endif()
      endif()
      if(kind STREQUAL "evidence" AND chapter IN_LIST WORKBOOK_PRINTS_CHAPTERS)
        # (the print i18n.same_numbers.chNN kept: tests/i18n.cmake)
        add_test(NAME ${test}
                 COMMAND ${share_script} file $<TARGET_FILE:language_share> ${share_allow}
                         ${WORKBOOK_PRINTS_DIR}/${chapter}/${lang}.txt)
        set_tests_properties(${test} PROPERTIES FIXTURES_REQUIRED ${chapter}_prints)
      else()
        add_test(NAME ${test}
                 COMMAND ${share_script} program $<TARGET_FILE:language_share> ${share_allow}
                         ${share_out}/${chapter}.${kind}.${lang}.txt -- $<TARGET_FILE:${chapter}> ${args})
      endif()
      set_tests_properties(${test} PROPERTIES LABELS "i18n;language_share;${chapter}")
      if(DEFINED share_args_${chapter} AND NOT kind STREQUAL "help")
        set_tests_properties(${test} PROPERTIES FIXTURES_REQUIRED ${chapter}_data)
      endif()
      if(lang STREQUAL "zh-CN" AND NOT kind STREQUAL "help")
        list(APPEND WORKBOOK_FULL_TESTS ${test})
      endif()
      share_pending(${test} ${kind}.${chapter}.${lang})
    endforeach()
  endforeach()
endforeach()

# A run's REPORT.LANG.md, pages and the figures they show: the last ./workbook run, and the
# run of pages.chapters_run (tests/pages.cmake).
foreach(lang zh-TW zh-CN)
  foreach(kind report pages figures)
    set(test language_share.${kind}.workbook.${lang})
    add_test(NAME ${test}
             COMMAND ${share_script} run $<TARGET_FILE:language_share> ${share_allow} ${kind} ${lang}
                     ${WORKBOOK_OUTPUT_DIR})
    set_tests_properties(${test} PROPERTIES LABELS "i18n;language_share" SKIP_RETURN_CODE 77)
    share_pending(${test} ${kind}.workbook.${lang})
    if(TEST pages.chapters_run)
      set(test language_share.${kind}.chapters.${lang})
      add_test(NAME ${test}
               COMMAND ${share_script} run $<TARGET_FILE:language_share> ${share_allow} ${kind} ${lang}
                       ${WORKBOOK_TEST_OUT}/pages/chapters)
      set_tests_properties(${test} PROPERTIES LABELS "i18n;language_share;browser" SKIP_RETURN_CODE 77
                           FIXTURES_REQUIRED pages_chapters)
      share_pending(${test} ${kind}.chapters.${lang})
    endif()
  endforeach()
endforeach()
