# Chapter 4: frequencies, periods and clock hands.
# The default run takes ~1 s, so the claim tests use the full configuration.
workbook_claim_tests(ch04)
workbook_figure_tests(ch04)
# The clock faces draw Doc A's three hands (pairs 0, 32, 63 of d = 128), named
# and timed from clock_hands.dat (its 'like' and 'period' columns): the SVG's
# legend must say so.
if(GNUPLOT_EXECUTABLE)
  add_test(NAME ch04.figure.clock_faces_doc_hands
           COMMAND ${CMAKE_COMMAND} -DCHAPTER=$<TARGET_FILE:ch04> "-DCHAPTER_ARGS=--claim 4.1"
                   -DDRIVER=$<TARGET_FILE:workbook_run> -DSCRIPT=${CMAKE_SOURCE_DIR}/plots/ch04_clock_faces.gp
                   -DOUT=${WORKBOOK_TEST_OUT}/ch04/clock-faces
                   "-DEXPECT=hand 0, the second hand \\(period 6\\.3\\).*hand 32, the minute hand \\(period 628\\.3\\).*hand 63, the hour hand \\(period 54410\\)"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_figure_follows_data.cmake)
  set_tests_properties(ch04.figure.clock_faces_doc_hands PROPERTIES LABELS "figure;ch04")
endif()

# Bad inputs for ch04's own options: rows of tests/bad_inputs.txt.
workbook_reproducible_test(ch04)
workbook_memcheck_test(ch04 ARGS --d 16 --positions 20000)
workbook_disk_full_test(ch04)
