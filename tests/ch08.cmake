# Chapter 8: precision, and the rotation identity as a fast table generator.
# Quick options: the recurrence claims check a 2^13-row table (the full run
# checks 2^16 rows); the verdicts are just as decisive (the drift per step is
# the same, and B is chosen from it). The float study is cheap at full size.
set(ch08_quick --positions 8192)
if(WORKBOOK_SANITIZE)
  # Claim 8.2's exhaustive float scan (every position up to 10^8) takes half a
  # minute per run under the sanitizers; there it stops at 10^5 (the same code,
  # the same verdict, read from the extrapolated crossing) and the scan's exact
  # numbers are checked in the normal suite only (ch08.float_scan_numbers).
  list(APPEND ch08_quick --max-position 100000)
endif()
workbook_claim_tests(ch08 ARGS ${ch08_quick})
workbook_figure_tests(ch08 ARGS ${ch08_quick})
# The numbers docs/CHAPTERS.md gives for claims 8.2-8.4 (d = 512), from this
# machine's glibc (powf, sinf, cosf, sin, cos): claim 8.2's exhaustive scan
# (every position; common/position/float_code.h, checked against a brute force in
# unit_float_code) first passes the criterion at k = 9821466 and first
# misreads k = 2^24 + 1; claim 8.3's drift passes 1e-12 at step 7954, and
# with M_1's coefficients 2 ulp worse (a few-ulp libm) B = 1024 still keeps
# within half the budget (8.4's verdict requires that). The numbers are the
# evidence's (--evidence); the verdicts at these settings are the claim tests'
# (ch08.claim.8.N, run with --strict), since a test with a pass regex ignores
# the exit status.
if(NOT WORKBOOK_SANITIZE)
  add_test(NAME ch08.float_scan_numbers COMMAND ch08 --claim 8.2 --evidence --out ${WORKBOOK_TEST_OUT}/ch08/float-scan)
  set_tests_properties(ch08.float_scan_numbers PROPERTIES LABELS "ch08"
    PASS_REGULAR_EXPRESSION "criterion first passed at k = 9821466 .*first misread position: k = 16777217 ")
endif()
add_test(NAME ch08.drift_steps COMMAND ch08 --claim 8.3 --evidence ${ch08_quick} --out ${WORKBOOK_TEST_OUT}/ch08/drift-steps)
set_tests_properties(ch08.drift_steps PROPERTIES LABELS "ch08"
  PASS_REGULAR_EXPRESSION "first[ \n]+exceeded[ \n]+at[ \n]+step[ \n]+7954[.].*\n +2 +[0-9.]+ ulp +step 2282 ")
add_test(NAME ch08.drift_numbers COMMAND ch08 --claim 8.4 --evidence ${ch08_quick} --out ${WORKBOOK_TEST_OUT}/ch08/drift)
set_tests_properties(ch08.drift_numbers PROPERTIES LABELS "ch08"
  PASS_REGULAR_EXPRESSION "Largest[ \n]+safe[ \n]+B[ \n]+\\(a[ \n]+power[ \n]+of[ \n]+two\\):[ \n]+2048[.].*\n +2 +[0-9.]+ ulp +1024 ")

# Bad inputs for ch08's own options: rows of tests/bad_inputs.txt.

# The benchmark's bad inputs are rows of tests/bad_inputs.txt too (it takes
# no --out: it writes nothing).
workbook_reproducible_test(ch08 ARGS ${ch08_quick})
# Under valgrind only 8.1 and 8.2: valgrind emulates long double with double
# precision, and 8.3/8.4 measure against long-double "exact" rows, so their
# numbers (not their memory use) change there. The ASan suite covers them.
foreach(id 8.1 8.2)
  workbook_memcheck_test(ch08 NAME ${id} ARGS --claim ${id} --max-position 100000 --d 16)
endforeach()
workbook_disk_full_test(ch08 ARGS ${ch08_quick})
