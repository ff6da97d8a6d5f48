# Chapter 3: building the sinusoidal table.
workbook_claim_tests(ch03)
workbook_figure_tests(ch03)

# Bad inputs for ch03's own options: rows of tests/bad_inputs.txt.
# --print-table prints the rows with their headers (Doc B §4-2's d = 4 table, by the formula).
add_test(NAME ch03.print_table COMMAND ch03 --print-table --d 4 --positions 0:3)
set_tests_properties(ch03.print_table PROPERTIES LABELS "ch03"
  PASS_REGULAR_EXPRESSION "0 sin +1 cos +2 sin +3 cos.*\n +1 +0\\.841471 +0\\.540302 +0\\.010000 +0\\.999950\n +2 +0\\.909297")
workbook_reproducible_test(ch03)
# Under valgrind: claims 3.1, 3.2, 3.5 and --print-table; 3.3, 3.4 and 3.6 are
# long loops over the same pe_offset code (the ASan suite covers them).
# 3.5 walks one full turn of the slowest pair: at d = 16 that is positions
# 0..19870 of 8 pairs (at the default d = 128, 54411 of 64: ~30 s under valgrind).
foreach(id 3.1 3.2)
  workbook_memcheck_test(ch03 NAME ${id} ARGS --claim ${id})
endforeach()
workbook_memcheck_test(ch03 NAME 3.5 ARGS --claim 3.5 --d 16)
workbook_memcheck_test(ch03 NAME print_table ARGS --print-table --d 8 --positions 0:5)
workbook_disk_full_test(ch03)
