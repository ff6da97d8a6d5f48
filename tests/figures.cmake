# The figures' words (lessons/LANG/figure_words.tsv, which plots/NAME.gp read
# as w_KEY; lessons/README.md, "Figures"):
#   figures.words        every key a script uses is in every language's file
#                        (zh-CN: the one the build made), none is unused, and
#                        each text keeps the English text's % conversions in order
#                        (tests/check_figure_words.sh)
#   figures.words_catch  the check fails on a zh-TW file missing one key, and on
#                        one whose conversions are swapped
# Each figure drawn in zh-TW and zh-CN: chNN.figure.NAME.zh-TW / .zh-CN
# (workbook_figure_tests, tests/CMakeLists.txt).
set(figure_words ${CMAKE_SOURCE_DIR}/lessons/en/figure_words.tsv ${CMAKE_SOURCE_DIR}/lessons/zh-TW/figure_words.tsv)
if(TARGET to_simplified)
  list(APPEND figure_words ${WORKBOOK_DERIVED_LESSONS}/zh-CN/figure_words.tsv)
endif()
add_test(NAME figures.words COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/check_figure_words.sh ${CMAKE_SOURCE_DIR}/plots ${figure_words})
set(catch ${WORKBOOK_TEST_OUT}/figures/words-catch)
add_test(NAME figures.words_catch
         COMMAND sh -c "mkdir -p '${catch}' && tw='${CMAKE_SOURCE_DIR}/lessons/zh-TW/figure_words.tsv' && check='${CMAKE_CURRENT_SOURCE_DIR}/check_figure_words.sh' && en='${CMAKE_SOURCE_DIR}/lessons/en/figure_words.tsv' && plots='${CMAKE_SOURCE_DIR}/plots' && grep -v '^ch03_similarity	first_turn	' \"$tw\" > '${catch}/missing.tsv' && sed 's/^\\(ch03_heatmap	title	.*\\)%d\\(.*\\)%d/\\1%s\\2%d/' \"$tw\" > '${catch}/swapped.tsv' && { \"$check\" \"$plots\" \"$en\" '${catch}/missing.tsv'; test $? -eq 1; } > '${catch}/missing.txt' && { \"$check\" \"$plots\" \"$en\" '${catch}/swapped.tsv'; test $? -eq 1; } > '${catch}/swapped.txt' && cat '${catch}/missing.txt' '${catch}/swapped.txt' && grep -q 'ch03_similarity first_turn is missing' '${catch}/missing.txt' && grep -q 'ch03_heatmap title has the conversions' '${catch}/swapped.txt'")
set_tests_properties(figures.words figures.words_catch PROPERTIES LABELS "docs;i18n;figure")
