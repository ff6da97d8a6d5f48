# The driver: render mode refuses to pretend. Without gnuplot it must report
# skipped (77); with a broken script it must fail.
add_test(NAME driver.render_broken_script
         COMMAND workbook_run --render ${CMAKE_CURRENT_SOURCE_DIR}/data/broken_figure.gp
                 --data ${CMAKE_CURRENT_SOURCE_DIR}/data --figures ${WORKBOOK_TEST_OUT}/driver
                 --gnuplot /bin/false)
set_tests_properties(driver.render_broken_script PROPERTIES WILL_FAIL TRUE LABELS "unit")
add_test(NAME driver.render_without_gnuplot
         COMMAND workbook_run --render ${CMAKE_CURRENT_SOURCE_DIR}/data/broken_figure.gp
                 --data ${CMAKE_CURRENT_SOURCE_DIR}/data --figures ${WORKBOOK_TEST_OUT}/driver)
set_tests_properties(driver.render_without_gnuplot PROPERTIES LABELS "unit" PASS_REGULAR_EXPRESSION "SKIPPED")
