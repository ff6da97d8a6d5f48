# Chapter 5: the rotation identity and relative position in attention.
# The default run takes ~2 s in the dev build, so the claim tests use the full configuration.
workbook_claim_tests(ch05)
workbook_figure_tests(ch05)

# The four-term figure (claim 5.3) follows its data: drawn from a run at
# d = 16 over positions 0..31, its title states those settings, not the
# course's d = 128 over 0..127 (its sizes come from the data too).
if(GNUPLOT_EXECUTABLE)
  add_test(NAME ch05.figure_follows_data.four_terms
           COMMAND ${CMAKE_COMMAND} -DCHAPTER=$<TARGET_FILE:ch05> "-DCHAPTER_ARGS=--claim 5.3 --d 16 --positions 32 --trials 50"
                   -DDRIVER=$<TARGET_FILE:workbook_run> -DSCRIPT=${CMAKE_SOURCE_DIR}/plots/ch05_four_terms.gp
                   -DOUT=${WORKBOOK_TEST_OUT}/ch05/follows-four-terms "-DEXPECT=d = 16, positions 0\\.\\.31 \\(ch05, claim 5\\.3\\)"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_figure_follows_data.cmake)
  set_tests_properties(ch05.figure_follows_data.four_terms PROPERTIES LABELS "figure;ch05")
endif()

# Bad inputs for ch05's own options: rows of tests/bad_inputs.txt.
workbook_reproducible_test(ch05)
workbook_memcheck_test(ch05 ARGS --trials 20 --d 8 --positions 8)
workbook_disk_full_test(ch05)
