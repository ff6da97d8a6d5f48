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

# Claim 5.6 judges Doc A's statement (a wish the sinusoids serve only
# indirectly), not the wish: it holds at the course's settings (the claim
# test above), and at d = 16, where a key past the example's offset 3 scores
# as high as the key at it even with W_Q = W_K = I (s(R) for R = 4..1000
# reaches s(3)), the sinusoids do not serve the second wish at all and it
# partly holds: the verdict follows that number, both ways.
add_test(NAME ch05.claim.5.6.narrow_partly
         COMMAND sh -c "\"$1\" --claim 5.6 --d 16 --trials 100 --quiet --out \"$2\" > /dev/null || exit 1
                        v=$(awk -F '\t' '$1 == \"5.6\" { print $3 }' \"$2/claims.tsv\")
                        f=$(awk -F '\t' '$1 == \"5.6\" && $2 == \"past_max\" { p = $3 } $1 == \"5.6\" && $2 == \"s3\" { s = $3 } END { print (p >= s) }' \"$2/values.tsv\")
                        echo \"5.6 at d = 16: $v; s(R) past R = 3 reaches s(3): $f\"
                        test \"$v\" = 'partly holds' && test \"$f\" = 1"
                 ch05-5.6-narrow $<TARGET_FILE:ch05> ${WORKBOOK_TEST_OUT}/ch05/claim-5.6-narrow)
set_tests_properties(ch05.claim.5.6.narrow_partly PROPERTIES LABELS "claim;ch05")
