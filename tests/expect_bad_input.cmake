# expect_bad_input.cmake: run PROGRAM with ARGS (a ;-list) and check that bad
# input is answered the way the workbook promises:
#   - exit status 2
#   - exactly one line on stderr, matching EXPECT (a regex) when given
#   - nothing written: the output folder OUT is not created
# If ARGS names no --out of its own, "--out OUT" goes first (so a last
# option can still be missing its value), unless NO_OUT is set (./workbook's
# commands, whose first argument is the command).
file(REMOVE_RECURSE ${OUT})
set(args ${ARGS})
set(has_out FALSE)
foreach(a IN LISTS args)
  if(a MATCHES "^--out")
    set(has_out TRUE)
  endif()
endforeach()
# Benchmarks write nothing and take no --out.
get_filename_component(program_name ${PROGRAM} NAME)
if(program_name MATCHES "^bench_" OR NO_OUT)
  set(has_out TRUE)
endif()
if(NOT has_out)
  list(PREPEND args --out ${OUT})
endif()
execute_process(COMMAND ${PROGRAM} ${args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(STRIP "${err}" err_stripped)
string(REGEX MATCHALL "\n" newlines "${err_stripped}")
list(LENGTH newlines extra_lines)
set(problems "")
if(NOT rc EQUAL 2)
  string(APPEND problems "exit status ${rc}, expected 2; ")
endif()
if(err_stripped STREQUAL "")
  string(APPEND problems "nothing on stderr; ")
elseif(NOT extra_lines EQUAL 0)
  string(APPEND problems "stderr has more than one line; ")
endif()
if(EXPECT AND NOT err_stripped MATCHES "${EXPECT}")
  string(APPEND problems "stderr does not match '${EXPECT}'; ")
endif()
if(NOT has_out AND EXISTS ${OUT})
  string(APPEND problems "the output folder was created; ")
endif()
message("args: ${args}\nstderr: ${err_stripped}")
if(problems)
  message(FATAL_ERROR "bad input not handled: ${problems}")
endif()
