# expect_memory_estimate.cmake -DPROGRAM=chNN -DOUT=DIR "-DARGS=...": the memory
# a chapter estimates for its settings (what chapter_check_memory refuses
# above its bound) is within a factor of 2 of what the run takes: one run with
# --verbose prints "memory: estimated N MB, peak resident M MB (VmHWM)"
# (common/run/chapter.c) and N / M must lie in [1/2, 2]. Too low and a run the
# bound accepts could exhaust the machine; too high and the bound refuses runs
# that fit (chapter 9 refused --threads 64 --batch 256 at 4090 MB, ~3x its peak).
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${PROGRAM} ${ARGS} --verbose --out ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc MATCHES "^[01]$")
  message(FATAL_ERROR "the run exited ${rc}: ${err}")
endif()
if(NOT out MATCHES "memory: estimated ([0-9]+) MB, peak resident ([0-9]+) MB")
  message(FATAL_ERROR "no 'memory: estimated N MB, peak resident M MB' line in the output")
endif()
set(estimate ${CMAKE_MATCH_1})
set(peak ${CMAKE_MATCH_2})
math(EXPR twice_estimate "2 * ${estimate}")
math(EXPR twice_peak "2 * ${peak}")
if(peak GREATER twice_estimate OR estimate GREATER twice_peak)
  message(FATAL_ERROR "estimated ${estimate} MB, peak ${peak} MB: not within a factor of 2")
endif()
message("estimated ${estimate} MB, peak resident ${peak} MB: within a factor of 2")
