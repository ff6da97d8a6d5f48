# Chapter 8: precision, and the rotation identity as a fast table generator.
# Quick options: the recurrence claims check a 2^13-row table (the full run
# checks 2^16 rows); the verdicts are just as decisive (the drift per step is
# the same, and B is chosen from it). The float study is cheap at full size.
set(ch08_quick --positions 8192)
workbook_claim_tests(ch08 CLAIMS 8.1 8.2 8.3 8.4 ARGS ${ch08_quick})
workbook_figure_tests(ch08 ARGS ${ch08_quick})

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
