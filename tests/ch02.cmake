# Chapter 2: raw integer positions swamp meaning.
workbook_claim_tests(ch02)
workbook_figure_tests(ch02)

# Bad inputs for ch02's own options: rows of tests/bad_inputs.txt.
# (A smaller vocabulary: claim 2.5 scans every word x position x candidate, which
# two runs under the sanitizers would make a minute; the files compared are the same.)
workbook_reproducible_test(ch02 ARGS --vocab 100)
# Under valgrind: the claims with their own code paths; 2.4 only repeats
# pe_encode 10^5 times (the ASan suite covers it).
foreach(id 2.1 2.2 2.3 2.6)
  workbook_memcheck_test(ch02 NAME ${id} ARGS --claim ${id} --vocab 50 --max-position 2000)
endforeach()
# 2.5 scans every (word, position, candidate position) of a 1000-word sentence:
# the smallest vocabulary keeps that to 10 words.
workbook_memcheck_test(ch02 NAME 2.5 ARGS --claim 2.5 --vocab 10)
workbook_disk_full_test(ch02)
