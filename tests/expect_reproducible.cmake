# expect_reproducible.cmake: run PROGRAM twice with the same ARGS (and seed)
# into two folders under OUT and require every file written (data files,
# claims.tsv, chapter.txt) to be byte-identical. Short runs are fine: a
# verdict that differs (exit 1) does not fail this test.
file(REMOVE_RECURSE ${OUT})
foreach(run first second)
  execute_process(COMMAND ${PROGRAM} ${ARGS} --quiet --out ${OUT}/${run}
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT (rc EQUAL 0 OR rc EQUAL 1))   # verdicts are the claim tests' business
    message(FATAL_ERROR "the ${run} run exited with status ${rc}")
  endif()
endforeach()
file(GLOB files RELATIVE ${OUT}/first ${OUT}/first/*)
list(LENGTH files n)
if(n EQUAL 0)
  message(FATAL_ERROR "the run wrote no files")
endif()
foreach(f IN LISTS files)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/first/${f} ${OUT}/second/${f}
                  RESULT_VARIABLE differ)
  if(differ)
    message(FATAL_ERROR "${f} differs between two runs with the same seed")
  endif()
endforeach()
message("${n} files byte-identical across two runs: ${files}")
