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

# The numbers and the report come out even when figures cannot be drawn.
add_test(NAME driver.report_without_gnuplot
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                 -DPLOTS=${CMAKE_SOURCE_DIR}/plots -DGNUPLOT= -DEXPECT_RC=0
                 "-DREPORT_MATCH=gnuplot was not found.*ch01_attention_weights.*is missing: gnuplot is not installed"
                 -DOUT=${WORKBOOK_TEST_OUT}/driver/no-gnuplot -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.cmake)
add_test(NAME driver.report_with_failing_gnuplot
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                 -DPLOTS=${CMAKE_SOURCE_DIR}/plots -DGNUPLOT=/bin/false -DEXPECT_RC=1
                 "-DREPORT_MATCH=ch01_output_d.*is missing: gnuplot failed"
                 -DOUT=${WORKBOOK_TEST_OUT}/driver/failing-gnuplot -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.cmake)
set_tests_properties(driver.report_without_gnuplot driver.report_with_failing_gnuplot PROPERTIES LABELS "unit")
