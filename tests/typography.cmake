# The zh-TW typography (issue 42; tools/zh_typography.c, lessons/README.md
# "Chinese typography"): full-width punctuation next to Chinese, 第N章, one
# space between Chinese and Latin, numbers, placeholders, maths or code.
# Over every zh-TW text a student reads: the lessons, exercises, captions,
# figure words, documents' table, the glossary's zh-TW column and the catalogue.
set(typography_sources ${CMAKE_SOURCE_DIR}/po/zh_TW.po ${CMAKE_SOURCE_DIR}/lessons/glossary.tsv)
file(GLOB typography_lessons ${CMAKE_SOURCE_DIR}/lessons/zh-TW/*.md ${CMAKE_SOURCE_DIR}/lessons/zh-TW/*.tsv
     ${CMAKE_SOURCE_DIR}/lessons/zh-TW/exercises/*.tsv)
list(SORT typography_lessons)
add_test(NAME typography.zh-TW COMMAND zh_typography ${typography_sources} ${typography_lessons})
# ... and it catches each kind of fault, planted: a half-width comma, 章 3, no
# space around maths and numbers.
foreach(fault punctuation chapter spacing)
  add_test(NAME typography.catches.${fault}
           COMMAND zh_typography ${CMAKE_CURRENT_SOURCE_DIR}/data/typography/${fault}.md)
  set_tests_properties(typography.catches.${fault} PROPERTIES WILL_FAIL TRUE)
endforeach()
# --fix turns the planted faults into the convention (and leaves maths, a
# call, a tuple and a quote as written), and a second run changes nothing.
add_test(NAME typography.fix
         COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:zh_typography>
                 -DIN=${CMAKE_CURRENT_SOURCE_DIR}/data/typography/all.md
                 -DEXPECTED=${CMAKE_CURRENT_SOURCE_DIR}/data/typography/all_fixed.md
                 -DOUT=${WORKBOOK_TEST_OUT}/typography -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_typography_fix.cmake)
set_tests_properties(typography.zh-TW typography.fix PROPERTIES LABELS "i18n;docs")
# What the renderer prints follows it too: each chapter's --evidence print in
# zh-TW (the lessons with the run's numbers, the sources, the verdict table),
# as i18n.same_numbers.chNN or language_share.evidence.chNN.zh-TW keeps it; the chapters that compute
# rather than train (those train in their data tests).
foreach(chapter ch01 ch02 ch03 ch04 ch05 ch07 ch08)
  set(print language_share.evidence.${chapter}.zh-TW)
  if(chapter IN_LIST WORKBOOK_PRINTS_CHAPTERS)
    # (the print i18n.same_numbers.chNN keeps: tests/i18n.cmake)
    add_test(NAME typography.evidence.${chapter}.zh-TW
             COMMAND zh_typography ${WORKBOOK_PRINTS_DIR}/${chapter}/zh-TW.txt)
    set_tests_properties(typography.evidence.${chapter}.zh-TW PROPERTIES FIXTURES_REQUIRED ${chapter}_prints
                         LABELS "i18n;${chapter}")
  elseif(TEST ${print})
    add_test(NAME typography.evidence.${chapter}.zh-TW
             COMMAND zh_typography ${WORKBOOK_TEST_OUT}/language_share/${chapter}.evidence.zh-TW.txt)
    set_tests_properties(${print} PROPERTIES FIXTURES_SETUP typography_${chapter})
    set_tests_properties(typography.evidence.${chapter}.zh-TW PROPERTIES FIXTURES_REQUIRED typography_${chapter}
                         LABELS "i18n;${chapter}")
  endif()
endforeach()
