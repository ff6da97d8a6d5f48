# The figures' words (lessons/LANG/figure_words.tsv, which plots/NAME.gp read
# as w_KEY; lessons/README.md, "Figures"):
#   figures.words        every key a script uses is in every language's file
#                        (zh-CN: the one the build made), none is unused, and
#                        each text keeps the English text's % conversions in order
#                        (tests/check_figure_words.sh)
#   figures.words_catch  the check fails on a zh-TW file missing one key, and on
#                        one whose conversions are swapped
# Each figure drawn in zh-TW and zh-CN: chNN.figure.NAME.zh-TW / .zh-CN
# (workbook_figure_tests, tests/CMakeLists.txt); and that check can fail:
#   figures.language_catch_en    ch03_similarity drawn in English: no Chinese word
#   figures.language_catch_face  drawn in zh-CN but held to zh-TW's face
set(figure_words ${CMAKE_SOURCE_DIR}/lessons/en/figure_words.tsv ${CMAKE_SOURCE_DIR}/lessons/zh-TW/figure_words.tsv)
if(TARGET to_simplified)
  list(APPEND figure_words ${WORKBOOK_DERIVED_LESSONS}/zh-CN/figure_words.tsv)
endif()
add_test(NAME figures.words COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/check_figure_words.sh ${CMAKE_SOURCE_DIR}/plots ${figure_words})
set(catch ${WORKBOOK_TEST_OUT}/figures/words-catch)
add_test(NAME figures.words_catch
         COMMAND sh -c "mkdir -p '${catch}' && tw='${CMAKE_SOURCE_DIR}/lessons/zh-TW/figure_words.tsv' && check='${CMAKE_CURRENT_SOURCE_DIR}/check_figure_words.sh' && en='${CMAKE_SOURCE_DIR}/lessons/en/figure_words.tsv' && plots='${CMAKE_SOURCE_DIR}/plots' && grep -v '^ch03_similarity	first_turn	' \"$tw\" > '${catch}/missing.tsv' && sed 's/^\\(ch03_heatmap	title	.*\\)%d\\(.*\\)%d/\\1%s\\2%d/' \"$tw\" > '${catch}/swapped.tsv' && { \"$check\" \"$plots\" \"$en\" '${catch}/missing.tsv'; test $? -eq 1; } > '${catch}/missing.txt' && { \"$check\" \"$plots\" \"$en\" '${catch}/swapped.tsv'; test $? -eq 1; } > '${catch}/swapped.txt' && cat '${catch}/missing.txt' '${catch}/swapped.txt' && grep -q 'ch03_similarity first_turn is missing' '${catch}/missing.txt' && grep -q 'ch03_heatmap title has the conversions' '${catch}/swapped.txt'")
set_tests_properties(figures.words figures.words_catch PROPERTIES LABELS "docs;i18n;figure")
foreach(case "en|en|Noto Sans CJK TC|none of the [0-9]+ texts holds a Chinese character"
             "face|zh-CN|Noto Sans CJK TC|not in Noto Sans CJK TC but in 'Noto Sans CJK SC'")
  string(REPLACE "|" ";" case "${case}")
  list(GET case 0 name)
  list(GET case 1 lang)
  list(GET case 2 font)
  list(GET case 3 expect)
  if(lang STREQUAL "zh-CN" AND NOT TARGET to_simplified)
    continue()
  endif()
  add_test(NAME figures.language_catch_${name}
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHECK=$<TARGET_FILE:figure_language>
                   -DSCRIPT=${CMAKE_SOURCE_DIR}/plots/ch03_similarity.gp -DDATA=${WORKBOOK_TEST_OUT}/ch03/data
                   -DOUT=${WORKBOOK_TEST_OUT}/figures/catch-${name} -DLANG=${lang} "-DFONT=${font}"
                   -DGNUPLOT=${GNUPLOT_EXECUTABLE} "-DEXPECT_FAIL=${expect}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_figure_language.cmake)
  set_tests_properties(figures.language_catch_${name} PROPERTIES FIXTURES_REQUIRED ch03_data
                       SKIP_REGULAR_EXPRESSION "SKIPPED" LABELS "i18n;figure")
endforeach()
