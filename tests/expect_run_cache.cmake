# expect_run_cache.cmake -DPROGRAM=chNN -DOUT=DIR "-DARGS=...": the run cache of
# a chapter that trains copy-task models (common/run/copy_experiment.h). Three runs
# with ARGS into OUT/first, OUT/second and OUT/retrain, one cache (OUT/cache):
# the first trains every run; the second reads every run from the cache, trains
# none, and writes the same data files and claims.tsv byte for byte; the third,
# with --retrain, trains again.
file(REMOVE_RECURSE ${OUT})
function(run_into name)
  execute_process(COMMAND ${PROGRAM} ${ARGS} ${ARGN} --out ${OUT}/${name}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc MATCHES "^[01]$")
    message(FATAL_ERROR "the ${name} run exited ${rc}: ${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run_into(first)
if(NOT out MATCHES "Training [0-9]+ model" OR out MATCHES "read from the cache")
  message(FATAL_ERROR "the first run did not train every run:\n${out}")
endif()
run_into(second)
if(out MATCHES "Training (the other )?[0-9]+ model" OR NOT out MATCHES "([0-9]+) of the ([0-9]+) runs read from the cache")
  message(FATAL_ERROR "the second run did not read every run from the cache:\n${out}")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL CMAKE_MATCH_2)
  message(FATAL_ERROR "the second run read ${CMAKE_MATCH_1} of ${CMAKE_MATCH_2} runs from the cache")
endif()
file(GLOB files RELATIVE ${OUT}/first ${OUT}/first/*.dat)
list(APPEND files claims.tsv)
foreach(f IN LISTS files)
  file(READ ${OUT}/first/${f} one)
  file(READ ${OUT}/second/${f} two)
  if(NOT one STREQUAL two)
    message(FATAL_ERROR "${f} differs between the trained run and the one read from the cache")
  endif()
endforeach()
list(LENGTH files n)
message("second run: every run from the cache; ${n} files identical to the first's")
run_into(retrain --retrain)
if(NOT out MATCHES "Training [0-9]+ model" OR out MATCHES "read from the cache")
  message(FATAL_ERROR "the --retrain run did not train:\n${out}")
endif()
message("--retrain: trained again")
