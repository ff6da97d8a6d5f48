# The languages (issue 29; common/base/i18n.h). Label i18n.
#   i18n.catalogue.zh-TW/zh-CN  every message translated: no untranslated or fuzzy entry,
#                        formats consistent between msgid and msgstr (msgfmt -c --statistics)
#   i18n.same_numbers.chNN  the chapter (chapters 1-5 and 7) with --evidence in en, zh-TW and zh-CN: the same
#                        claims.tsv and values.tsv bytes, the same numbers printed, the verdict table translated
#   i18n.environment.*   the language from gettext's variables: LANGUAGE first (its first
#                        language the workbook speaks), then LC_ALL, LC_MESSAGES, LANG; else English
#   i18n.simplified      the zh-CN edition (lessons, catalogue; the pages and report of the
#                        chapters' run) holds no Traditional-only character
#   i18n.mainland_terms  the zh-CN edition holds no Taiwan term of lessons/zh-CN-corrections.tsv outside a
#                        quotation, and no 「」 (to_simplified --terms)
#   lessons.check.zh-TW/zh-CN  each translation held to its English original (tools/lesson_check.c)
#   i18n.help_in_chinese.*  every program's --help (and ./workbook help) in zh-TW and zh-CN: no English sentence
#   i18n.report_in_chinese.ch03.*  the driver's lines and REPORT.zh-TW.md / REPORT.zh-CN.md of a chapter 3 run: the same
#   ...catches_*         the catalogue, Traditional and mainland-term checks fail where they should
if(NOT MSGFMT_EXECUTABLE OR NOT OPENCC_FOUND)
  message(STATUS "pe-workbook: gettext or OpenCC missing: no language tests")
  return()
endif()

set(i18n_out ${WORKBOOK_TEST_OUT}/i18n)
add_test(NAME i18n.catalogue.zh-TW
         COMMAND ${CMAKE_COMMAND} -DMSGFMT=${MSGFMT_EXECUTABLE} -DPO=${CMAKE_SOURCE_DIR}/po/zh_TW.po
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_catalogue.cmake)
add_test(NAME i18n.catalogue.zh-CN
         COMMAND ${CMAKE_COMMAND} -DMSGFMT=${MSGFMT_EXECUTABLE} -DPO=${CMAKE_BINARY_DIR}/po/zh_CN.po
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_catalogue.cmake)
# ... and the check fails on a catalogue with nothing translated (the template).
add_test(NAME i18n.catalogue.catches_untranslated
         COMMAND ${CMAKE_COMMAND} -DMSGFMT=${MSGFMT_EXECUTABLE} -DPO=${CMAKE_SOURCE_DIR}/po/workbook.pot
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_catalogue.cmake)
set_tests_properties(i18n.catalogue.catches_untranslated PROPERTIES WILL_FAIL TRUE)
set_tests_properties(i18n.catalogue.zh-TW i18n.catalogue.zh-CN i18n.catalogue.catches_untranslated
                     PROPERTIES LABELS "i18n;docs")

# (the chapters that take seconds; under the sanitizers the quickest four:
# the language's path is the same in every chapter). Each runs with
# --evidence, so the numbers compared are the evidence's too, and keeps each
# language's print (OUT/LANG.txt) for the tests that read a chapter's printed
# evidence (chNN.evidence.numbers_kept, language_share.evidence.chNN.LANG):
# the fixture chNN_prints, three runs of the chapter instead of five or six.
set(same_numbers_chapters ch01 ch02 ch03 ch04 ch05 ch07)
if(WORKBOOK_SANITIZE)
  set(same_numbers_chapters ch01 ch03 ch05 ch07)
endif()
set(WORKBOOK_PRINTS_CHAPTERS ${same_numbers_chapters})   # (read by language_share.cmake, evidence_numbers.cmake)
set(WORKBOOK_PRINTS_DIR ${i18n_out}/same-numbers)        # (DIR/chNN/LANG.txt)
foreach(chapter IN LISTS same_numbers_chapters)
  add_test(NAME i18n.same_numbers.${chapter}
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${chapter}> -DOUT=${WORKBOOK_PRINTS_DIR}/${chapter}
                   -DARGS=--evidence -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_same_numbers.cmake)
  set_tests_properties(i18n.same_numbers.${chapter} PROPERTIES LABELS "i18n;${chapter}"
                       FIXTURES_SETUP ${chapter}_prints)
endforeach()

# Which language a chapter speaks, by the environment alone (--claim 3.6: a
# fraction of a second). Each expects the chapter's title in that language.
# (LC_ALL for a language the workbook does not speak is English, whatever LANG says.)
set(title_en "ch03 · Building the sinusoidal table")
set(title_zh-TW "ch03 · 建構正弦位置編碼表")
set(title_zh-CN "ch03 · 构建正弦位置编码表")
set(environments
    "lang_tw|zh-TW|LANG=zh_TW.UTF-8"
    "lang_cn|zh-CN|LANG=zh_CN.UTF-8"
    "language_list|zh-TW|LANGUAGE=fr:zh_TW:zh_CN,LANG=C.UTF-8"
    "language_over_lc_all|zh-CN|LANGUAGE=zh_CN,LC_ALL=zh_TW.UTF-8"
    "lc_all_over_lang|en|LC_ALL=de_DE.UTF-8,LANG=zh_TW.UTF-8"
    "hant_hk|zh-TW|LANG=zh_HK.UTF-8"
    "option_over_environment|en|LANG=zh_TW.UTF-8,--lang,en"
    "default|en|LANG=C.UTF-8")
foreach(row IN LISTS environments)
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 name)
  list(GET fields 1 lang)
  list(GET fields 2 settings)
  add_test(NAME i18n.environment.${name}
           COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch03> -DOUT=${i18n_out}/environment/${name}
                   "-DSETTINGS=${settings}" "-DEXPECT=${title_${lang}}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_language.cmake)
  set_tests_properties(i18n.environment.${name} PROPERTIES LABELS "i18n;ch03")
endforeach()

# --help in Chinese is Chinese (issue 41): every chapter's, the driver's, the
# pages tool's and the ./workbook script's help, in zh-TW and zh-CN, hold no
# run of four or more English words (tests/expect_no_english.cmake: option
# names, file names, symbols and maths aside). The pages tool takes its
# language from the environment only.
set(help_commands "")
foreach(chapter IN LISTS WORKBOOK_CHAPTERS)
  list(APPEND help_commands "${chapter}|$<TARGET_FILE:${chapter}>,--lang,LANG,--help")
endforeach()
list(APPEND help_commands "workbook_run|$<TARGET_FILE:workbook_run>,--lang,LANG,--help"
     "workbook|${CMAKE_SOURCE_DIR}/workbook,--lang,LANG,help")
if(TARGET workbook_pages)
  list(APPEND help_commands "workbook_pages|$<TARGET_FILE:workbook_pages>,--help")
endif()
foreach(lang zh-TW zh-CN)
  string(REPLACE "-" "_" locale ${lang})
  foreach(row IN LISTS help_commands)
    string(REPLACE "|" ";" fields "${row}")
    list(GET fields 0 name)
    list(GET fields 1 command)
    string(REPLACE ",LANG," ",${lang}," command "${command}")
    string(REPLACE "," ";" command "${command}")
    add_test(NAME i18n.help_in_chinese.${name}.${lang}
             COMMAND ${CMAKE_COMMAND} "-DCOMMAND=${command}" -DENV=LANGUAGE=${locale}
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_no_english.cmake)
    set_tests_properties(i18n.help_in_chinese.${name}.${lang} PROPERTIES LABELS "i18n")
  endforeach()
endforeach()
# The same for a run in Chinese (chapter 3, whose lessons carry its evidence): what the driver prints
# and the report it writes in that language, REPORT.zh-TW.md or REPORT.zh-CN.md.
foreach(lang zh-TW zh-CN)
  set(report_out ${i18n_out}/report-in-chinese/${lang})
  set(run_and_show "rm -rf '${report_out}' && '$<TARGET_FILE:workbook_run>' --lang ${lang} --out '${report_out}' --plots '${CMAKE_SOURCE_DIR}/plots' '$<TARGET_FILE:ch03>' && cat '${report_out}/REPORT.${lang}.md'")
  add_test(NAME i18n.report_in_chinese.ch03.${lang}
           COMMAND ${CMAKE_COMMAND} "-DCOMMAND=sh;-c;${run_and_show}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_no_english.cmake)
  set_tests_properties(i18n.report_in_chinese.ch03.${lang} PROPERTIES LABELS "i18n;ch03")
endforeach()
# ... and the check fails on English (here: ch03's help in English).
add_test(NAME i18n.help_in_chinese.catches_english
         COMMAND ${CMAKE_COMMAND} "-DCOMMAND=$<TARGET_FILE:ch03>;--lang;en;--help"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_no_english.cmake)
set_tests_properties(i18n.help_in_chinese.catches_english PROPERTIES WILL_FAIL TRUE LABELS "i18n")

# Each translation against its English original; the budget is the English one's.
add_test(NAME lessons.check.zh-TW
         COMMAND lesson_check --lessons ${CMAKE_SOURCE_DIR}/lessons --plots ${CMAKE_SOURCE_DIR}/plots --lang zh-TW
                 ${WORKBOOK_CHAPTER_PROGRAMS})
add_test(NAME lessons.check.zh-CN
         COMMAND lesson_check --lessons ${CMAKE_SOURCE_DIR}/lessons --plots ${CMAKE_SOURCE_DIR}/plots --lang zh-CN
                 --derived ${WORKBOOK_CHAPTER_PROGRAMS})
set_tests_properties(lessons.check.zh-TW lessons.check.zh-CN PROPERTIES LABELS "unit;docs;i18n")

# The zh-CN edition the build made, and the zh-CN pages and report of the
# chapters' run (tests/pages.cmake) when that run is part of the suite.
file(GLOB_RECURSE zh_cn_sources CONFIGURE_DEPENDS RELATIVE ${CMAKE_SOURCE_DIR}/lessons/zh-TW
     ${CMAKE_SOURCE_DIR}/lessons/zh-TW/*.md ${CMAKE_SOURCE_DIR}/lessons/zh-TW/*.tsv)
set(zh_cn_files ${CMAKE_BINARY_DIR}/po/zh_CN.po)
foreach(relative IN LISTS zh_cn_sources)
  list(APPEND zh_cn_files ${WORKBOOK_DERIVED_LESSONS}/zh-CN/${relative})
endforeach()
add_test(NAME i18n.simplified COMMAND to_simplified --check ${zh_cn_files})
# ... and the check finds the Traditional characters of the zh-TW lessons.
add_test(NAME i18n.simplified.catches_traditional COMMAND to_simplified --check ${CMAKE_SOURCE_DIR}/lessons/zh-TW/ch03.md)
set_tests_properties(i18n.simplified.catches_traditional PROPERTIES WILL_FAIL TRUE)
set_tests_properties(i18n.simplified i18n.simplified.catches_traditional PROPERTIES LABELS "i18n;docs")
# The review gate of the conversion (issue 42): every phrase tw2sp substitutes
# beyond characters, in every zh-TW text the build converts, is in the
# reviewed table lessons/zh-CN-phrases.tsv, accepted or corrected
# (tools/to_simplified.c --substitutions); a new one fails with its sentence.
set(opencc_review_sources ${CMAKE_SOURCE_DIR}/po/zh_TW.po ${CMAKE_SOURCE_DIR}/lessons/glossary.tsv)
foreach(relative IN LISTS zh_cn_sources)
  list(APPEND opencc_review_sources ${CMAKE_SOURCE_DIR}/lessons/zh-TW/${relative})
endforeach()
add_test(NAME i18n.opencc_review
         COMMAND to_simplified --substitutions ${CMAKE_SOURCE_DIR}/lessons/zh-CN-phrases.tsv
                 --corrections ${CMAKE_SOURCE_DIR}/lessons/zh-CN-corrections.tsv ${opencc_review_sources})
# ... and it fails on a sentence whose substitutions nobody reviewed (記憶體, 演算法).
add_test(NAME i18n.opencc_review.catches_unreviewed
         COMMAND to_simplified --substitutions ${CMAKE_SOURCE_DIR}/lessons/zh-CN-phrases.tsv
                 --corrections ${CMAKE_SOURCE_DIR}/lessons/zh-CN-corrections.tsv
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/opencc_unreviewed.txt)
set_tests_properties(i18n.opencc_review.catches_unreviewed PROPERTIES WILL_FAIL TRUE)
set_tests_properties(i18n.opencc_review i18n.opencc_review.catches_unreviewed PROPERTIES LABELS "i18n;docs")
# One name per concept (issue 42): no student text calls a glossary term by a
# name the glossary's avoid (Chinese) or avoid_en (English) column rejects for
# it (查詢 for Query, 混合項 for 交叉項, "mixed terms" for cross terms): the
# zh-TW text, its zh-CN edition (checked with the glossary's zh-CN edition) and
# the English text; each use is printed as FILE:LINE with its sentence.
set(one_name_zh_tw ${CMAKE_SOURCE_DIR}/po/zh_TW.po ${CMAKE_SOURCE_DIR}/lessons/glossary.tsv)
foreach(relative IN LISTS zh_cn_sources)
  list(APPEND one_name_zh_tw ${CMAKE_SOURCE_DIR}/lessons/zh-TW/${relative})
endforeach()
add_test(NAME lessons.one_name.zh-TW
         COMMAND ${CMAKE_COMMAND} -DGLOSSARY=${CMAKE_SOURCE_DIR}/lessons/glossary.tsv -DLANG=zh
                 "-DFILES=${one_name_zh_tw}" -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_one_name.cmake)
if(TARGET to_simplified)
  add_test(NAME lessons.one_name.zh-CN
           COMMAND ${CMAKE_COMMAND} -DGLOSSARY=${WORKBOOK_DERIVED_LESSONS}/zh-CN/glossary.tsv -DLANG=zh
                   "-DFILES=${zh_cn_files};${WORKBOOK_DERIVED_LESSONS}/zh-CN/glossary.tsv"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_one_name.cmake)
  set_tests_properties(lessons.one_name.zh-CN PROPERTIES LABELS "docs;i18n")
endif()
file(GLOB one_name_en CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/lessons/en/*.md ${CMAKE_SOURCE_DIR}/lessons/en/*.tsv
     ${CMAKE_SOURCE_DIR}/exercises/*.tsv ${CMAKE_SOURCE_DIR}/plots/*.gp)
list(APPEND one_name_en ${CMAKE_SOURCE_DIR}/lessons/glossary.tsv ${CMAKE_SOURCE_DIR}/po/zh_TW.po)
add_test(NAME lessons.one_name.en
         COMMAND ${CMAKE_COMMAND} -DGLOSSARY=${CMAKE_SOURCE_DIR}/lessons/glossary.tsv -DLANG=en
                 "-DFILES=${one_name_en}" -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_one_name.cmake)
# ... and each finds a planted name with its file, line and sentence (查詢 and
# 鍵 in a zh-TW lesson, "mixed terms" in an English one), but not the longer
# word the glossary's not_in excuses (關鍵, line 5 of the planted lesson).
add_test(NAME lessons.one_name.catches_zh
         COMMAND ${CMAKE_COMMAND} -DGLOSSARY=${CMAKE_SOURCE_DIR}/lessons/glossary.tsv -DLANG=zh
                 -DFILES=${CMAKE_CURRENT_SOURCE_DIR}/data/one_name/zh-TW.md
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_one_name.cmake)
set_tests_properties(lessons.one_name.catches_zh PROPERTIES
  PASS_REGULAR_EXPRESSION "zh-TW.md:3: '[^']+' for 'Query' [^\n]*: D[^\n]+\n[^\n]*zh-TW.md:3: '[^']+' for 'Key'[^#]*2 use\\(s\\) of a name the glossary rejects"
  FAIL_REGULAR_EXPRESSION "zh-TW.md:5:")
add_test(NAME lessons.one_name.catches_en
         COMMAND ${CMAKE_COMMAND} -DGLOSSARY=${CMAKE_SOURCE_DIR}/lessons/glossary.tsv -DLANG=en
                 -DFILES=${CMAKE_CURRENT_SOURCE_DIR}/data/one_name/en.md
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_one_name.cmake)
set_tests_properties(lessons.one_name.catches_en PROPERTIES
  PASS_REGULAR_EXPRESSION "en.md:4: 'Mixed terms' for 'cross terms' [^\n]*: Mixed terms see m alone\.")
set_tests_properties(lessons.one_name.zh-TW lessons.one_name.en lessons.one_name.catches_zh lessons.one_name.catches_en
                     PROPERTIES LABELS "docs;i18n")
# The mainland terms (issue 42): no Taiwan term of the table
# (lessons/zh-CN-corrections.tsv: 遮罩, 偏差 for a bias, a row's 列, 习作簿 ...)
# and no 「」 left in the zh-CN edition the build made, outside quotations
# (to_simplified --terms) ...
add_test(NAME i18n.mainland_terms
         COMMAND to_simplified --terms ${CMAKE_SOURCE_DIR}/lessons/zh-CN-corrections.tsv ${zh_cn_files})
# ... it fails on planted Taiwan terms (遮罩, a row's 列, 印出) and a 「」 ...
add_test(NAME i18n.mainland_terms.catches_taiwan_terms
         COMMAND to_simplified --terms ${CMAKE_SOURCE_DIR}/lessons/zh-CN-corrections.tsv
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/mainland_terms_planted.txt)
set_tests_properties(i18n.mainland_terms.catches_taiwan_terms PROPERTIES WILL_FAIL TRUE)
# ... and leaves a quotation (a document's words) and the words the table keeps alone.
add_test(NAME i18n.mainland_terms.keeps_quotes
         COMMAND to_simplified --terms ${CMAKE_SOURCE_DIR}/lessons/zh-CN-corrections.tsv
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/mainland_terms_kept.txt)
set_tests_properties(i18n.mainland_terms i18n.mainland_terms.catches_taiwan_terms i18n.mainland_terms.keeps_quotes
                     PROPERTIES LABELS "i18n;docs")
if(TARGET workbook_pages AND NOT WORKBOOK_SANITIZE)
  add_test(NAME i18n.simplified_pages
           COMMAND ${CMAKE_COMMAND} -DCHECK=$<TARGET_FILE:to_simplified> -DRUN=${WORKBOOK_TEST_OUT}/pages/chapters
                   -DOUT=${i18n_out}/simplified-pages -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_simplified.cmake)
  set_tests_properties(i18n.simplified_pages PROPERTIES FIXTURES_REQUIRED pages_chapters LABELS "i18n;browser")
endif()

# The catalogues are read by the workbook itself (common/base/i18n.c), under any
# locale: with LC_ALL=C and no LANGUAGE, --lang zh-TW still gives the
# Chinese verdict table (glibc's gettext answers in English under "C", and
# under C.UTF-8 since glibc 2.37: Debian 13's chapters spoke English there).
# A catalogue that is not msgfmt's (here: text) leaves the messages English
# and says so in one line; the run still succeeds.
add_test(NAME i18n.catalogue_without_locale
         COMMAND ${CMAKE_COMMAND} -E env --unset=LANGUAGE LC_ALL=C LANG=C
                 $<TARGET_FILE:ch03> --lang zh-TW --claim 3.6 --out ${i18n_out}/without-locale)
set_tests_properties(i18n.catalogue_without_locale PROPERTIES LABELS "i18n" PASS_REGULAR_EXPRESSION "主張   範圍    判定")
set(bad_catalogue ${i18n_out}/bad-catalogue/zh_TW/LC_MESSAGES)
add_test(NAME i18n.catalogue_malformed
         COMMAND sh -c "mkdir -p '${bad_catalogue}' && printf 'msgid \"\"\\nmsgstr \"\"\\n' > '${bad_catalogue}/workbook.mo' && WORKBOOK_LOCALE_DIR='${i18n_out}/bad-catalogue' '$<TARGET_FILE:ch03>' --lang zh-TW --claim 3.6 --out '${i18n_out}/bad-catalogue/run' 2>'${i18n_out}/bad-catalogue/err' | grep -q '^  claim  scope   verdict' && test $(wc -l < '${i18n_out}/bad-catalogue/err') -eq 1 && grep -q 'is not a catalogue this workbook can read' '${i18n_out}/bad-catalogue/err'")
set_tests_properties(i18n.catalogue_malformed PROPERTIES LABELS "i18n;fault")
