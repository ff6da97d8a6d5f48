# run_chapter_data.cmake: the data run behind a chapter's figure tests (and,
# for chapters that train models, its claim tests). A verdict that differs
# from the expected one (exit 1) is left for the claim tests to name; any
# other failure (bad input 2, I/O 3, a crash) fails here. EMULATOR: what
# runs PROGRAM in a cross build (CMAKE_CROSSCOMPILING_EMULATOR), else empty.
execute_process(COMMAND ${EMULATOR} ${PROGRAM} ${ARGS} RESULT_VARIABLE rc)
if(NOT (rc EQUAL 0 OR rc EQUAL 1))
  message(FATAL_ERROR "the data run ended with status '${rc}'")
endif()
