# expect_driver_bad_render.cmake: bad input to the driver's --render mode
# (which takes no --out, so tests/expect_bad_input.cmake does not fit): run
# DRIVER with ARGS (a ;-list); it must exit 2, print exactly one line on
# stderr matching EXPECT, and not create the folder FIGURES.
file(REMOVE_RECURSE ${FIGURES})
execute_process(COMMAND ${DRIVER} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(STRIP "${err}" err)
message("args: ${ARGS}\nexit ${rc}\nstderr: ${err}")
set(problems "")
if(NOT rc EQUAL 2)
  string(APPEND problems "exit status ${rc}, expected 2; ")
endif()
if(err MATCHES "\n" OR NOT err MATCHES "${EXPECT}")
  string(APPEND problems "stderr is not one line matching '${EXPECT}'; ")
endif()
if(EXISTS ${FIGURES})
  string(APPEND problems "the folder ${FIGURES} was created; ")
endif()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
