# The caches of the chapters that train (0, 6 and 9; common/run/cache_files.h)
# never serve a wrong result (issue 26): a corrupted, swapped or stale file,
# a FIFO at a file's name, leftover temporaries, a signal mid-write.
# tests/expect_cache_fault.sh says what each case checks; each failed on the
# caches as they were before (names keyed by hashes, nothing checked but a
# magic and the lengths). Label "fault;hardening;chNN". Small settings:
# seconds a run.
set(cache_fault_script ${CMAKE_CURRENT_SOURCE_DIR}/expect_cache_fault.sh)
set(cache_fault_out ${WORKBOOK_TEST_OUT}/cache-faults)

# workbook_cache_fault_test(NAME CASE chNN [ARGS...]): one case of expect_cache_fault.sh
# (exit 77: skipped, for the cases that need strace).
function(workbook_cache_fault_test name case chapter)
  add_test(NAME ${name}
           COMMAND ${cache_fault_script} ${case} $<TARGET_FILE:${chapter}> ${cache_fault_out}/${name} ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS "fault;hardening;${chapter}" SKIP_RETURN_CODE 77)
endfunction()

set(ch06_cache_small --steps 30 --seeds 2 --eval-seqs 20 --evidence)   # 12 runs, about a second (--evidence: the cache messages are evidence)
workbook_cache_fault_test(ch06.fault.cache_swapped swapped ch06 ${ch06_cache_small})
workbook_cache_fault_test(ch06.fault.cache_nan nan_value ch06 ${ch06_cache_small})
workbook_cache_fault_test(ch06.fault.cache_fifo fifo ch06 ${ch06_cache_small})
# (Stopping a run mid-write is behaviour, not memory: the normal suite's.)
if(NOT WORKBOOK_SANITIZE)
  workbook_cache_fault_test(ch06.fault.cache_dead_temporary dead_temporary ch06 ${ch06_cache_small})
  workbook_cache_fault_test(ch06.fault.cache_signal signal ch06 ${ch06_cache_small})
endif()
workbook_cache_fault_test(ch00.fault.cache_nul_vocabulary nul_vocabulary ch00 ${ch00_tiny})

# The fuzz runs: 20 seeded damages of a filled cache each (5 under the
# sanitizers, whose runs are several times slower).
set(cache_fuzz_runs 20)
if(WORKBOOK_SANITIZE)
  set(cache_fuzz_runs 5)
endif()
workbook_cache_fault_test(ch06.fault.cache_fuzz fuzz ch06 2606 ${cache_fuzz_runs} ${ch06_cache_small})
workbook_cache_fault_test(ch00.fault.cache_fuzz fuzz ch00 2600 ${cache_fuzz_runs} ${ch00_tiny})

# Chapter 0 built from changed code: common/words/word2vec.c with one line added
# (tests/change_one_line.cmake), keyed as the build keys ch00 (CMakeLists.txt's
# workbook_source_key). Its cached vectors must not be the unchanged program's.
set(changed_word2vec ${CMAKE_CURRENT_BINARY_DIR}/changed_code/word2vec.c)
add_custom_command(OUTPUT ${changed_word2vec}
  COMMAND ${CMAKE_COMMAND} -DFROM=${CMAKE_SOURCE_DIR}/common/words/word2vec.c -DTO=${changed_word2vec}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/change_one_line.cmake
  DEPENDS ${CMAKE_SOURCE_DIR}/common/words/word2vec.c ${CMAKE_CURRENT_SOURCE_DIR}/change_one_line.cmake VERBATIM)
# (its w2v_* functions come first, so the library's word2vec.o is never linked in)
add_executable(ch00_changed_code ${CMAKE_SOURCE_DIR}/chapters/ch00_word_vectors.c ${WORKBOOK_CH00_SOURCES}
               ${changed_word2vec})
target_link_libraries(ch00_changed_code PRIVATE workbook_common)
set(changed_sources ${WORKBOOK_CH00_VECTOR_SOURCES})
list(TRANSFORM changed_sources REPLACE "^.*/common/words/word2vec\\.c$" "${changed_word2vec}")
workbook_source_key(ch00_changed_code HEADER ch00_code_key.h MACRO CH00_CODE_KEY SOURCES ${changed_sources})
workbook_cache_fault_test(ch00.fault.cache_stale_code stale_code ch00 $<TARGET_FILE:ch00_changed_code> ${ch00_tiny})

# Chapter 6 built from changed code likewise: common/model/tiny_model.c with one line
# added, keyed as the build keys every chapter (CMakeLists.txt's WORKBOOK_CODE_KEY:
# every source of the program, the compiler, the flags, the build type). Its
# run cache must not serve the unchanged program's runs.
set(changed_tiny_model ${CMAKE_CURRENT_BINARY_DIR}/changed_code/tiny_model.c)
add_custom_command(OUTPUT ${changed_tiny_model}
  COMMAND ${CMAKE_COMMAND} -DFROM=${CMAKE_SOURCE_DIR}/common/model/tiny_model.c -DTO=${changed_tiny_model}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/change_one_line.cmake
  DEPENDS ${CMAKE_SOURCE_DIR}/common/model/tiny_model.c ${CMAKE_CURRENT_SOURCE_DIR}/change_one_line.cmake VERBATIM)
file(GLOB ch06_source ${CMAKE_SOURCE_DIR}/chapters/ch06_*.c)
# (a whole copy of tiny_model.c: the library's tiny_model.o is never linked in)
add_executable(ch06_changed_code ${ch06_source} ${changed_tiny_model})
target_link_libraries(ch06_changed_code PRIVATE workbook_common)
set(changed_sources ${WORKBOOK_CODE_KEY_SOURCES})
list(TRANSFORM changed_sources REPLACE "^.*/common/model/tiny_model\\.c$" "${changed_tiny_model}")
workbook_source_key(ch06_changed_code HEADER code_key.h MACRO WORKBOOK_CODE_KEY SOURCES ${changed_sources} ${ch06_source})
workbook_cache_fault_test(ch06.fault.cache_stale_code stale_code ch06 $<TARGET_FILE:ch06_changed_code> ${ch06_cache_small})

# Chapter 9's memory estimate within a factor of 2 of the measured peak, at a
# small batch and at the settings it refused at 4090 MB (--threads 64 --batch
# 256, one step: the buffers are the same at any number of steps). Not under
# the sanitizers: their shadow memory is no part of the estimate.
if(NOT WORKBOOK_SANITIZE)
  foreach(case IN ITEMS "small_batch|--batch;8;--threads;2" "large_batch|--batch;256;--threads;64")
    string(REPLACE "|" ";" cells "${case}")
    list(POP_FRONT cells name)
    add_test(NAME ch09.fault.memory_estimate_${name}
             COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:ch09> -DOUT=${cache_fault_out}/ch09.memory_${name}
                     "-DARGS=--steps;1;--eval-seqs;25;--retrain;--cache;${cache_fault_out}/ch09.memory_${name}.cache;${cells}"
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_memory_estimate.cmake)
    set_tests_properties(ch09.fault.memory_estimate_${name} PROPERTIES LABELS "fault;hardening;ch09")
  endforeach()
endif()
