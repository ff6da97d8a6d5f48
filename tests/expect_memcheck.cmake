# expect_memcheck.cmake: run PROGRAM with ARGS under valgrind's memcheck.
# Fails on any memory error (invalid read or write, use of uninitialised
# values, a definite or indirect leak: valgrind then exits with 99) or a crash.
# The program's own verdicts do not count here (exit 0 or 1 both pass): these
# runs use tiny configurations to keep valgrind's ~50x slowdown affordable,
# and the claim tests check the verdicts.
execute_process(COMMAND ${VALGRIND} -q --error-exitcode=99 --leak-check=full
                        --errors-for-leak-kinds=definite,indirect ${PROGRAM} ${ARGS}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(rc EQUAL 99)
  message(FATAL_ERROR "valgrind found memory errors:\n${err}")
elseif(NOT (rc EQUAL 0 OR rc EQUAL 1))
  message(FATAL_ERROR "the program ended with status '${rc}':\n${err}")
endif()
message("no memory errors (program exit ${rc})")
