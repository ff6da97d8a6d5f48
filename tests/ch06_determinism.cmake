# ch06_determinism.cmake: run PROGRAM ARGS twice with the same seed, once on
# one thread and once on two, and require accuracy.dat, loss.dat and
# claims.tsv to be byte-identical (every run owns its random streams, so the
# thread that runs it cannot matter).
file(REMOVE_RECURSE ${OUT})
foreach(threads 1 2)
  execute_process(COMMAND ${PROGRAM} ${ARGS} --threads ${threads} --out ${OUT}/threads-${threads}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "run with --threads ${threads} exited with ${rc}")
  endif()
endforeach()
foreach(file accuracy.dat loss.dat claims.tsv)
  file(READ ${OUT}/threads-1/${file} one)
  file(READ ${OUT}/threads-2/${file} two)
  if(NOT one STREQUAL two)
    message(FATAL_ERROR "${file} differs between the two runs with the same seed")
  endif()
  message("${file}: identical")
endforeach()
