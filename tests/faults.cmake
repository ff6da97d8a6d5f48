# Faults a chapter does not control (common/faults.h), label "hardening":
# memory running out, a full standard output, a file-size limit, a signal,
# two runs into one folder, an overlong --out. tests/expect_fault.sh says
# what each case checks.
set(fault_script ${CMAKE_CURRENT_SOURCE_DIR}/expect_fault.sh)
set(fault_out ${WORKBOOK_TEST_OUT}/faults)

function(workbook_fault_test name case chapter)
  add_test(NAME ${name}
           COMMAND ${fault_script} ${case} $<TARGET_FILE:${chapter}> ${fault_out}/${name} ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS "hardening;${chapter}")
endfunction()

foreach(chapter IN LISTS WORKBOOK_CHAPTERS)
  # ASan reserves terabytes of address space, so `ulimit -v` means nothing there.
  # ch01's defaults fit in the 20 MB the case allows: it gets wider matrices.
  set(oom_args "")
  if(chapter STREQUAL "ch01")
    set(oom_args --d 1024 --trials 16)
  endif()
  if(NOT WORKBOOK_SANITIZE)
    workbook_fault_test(${chapter}.fault.out_of_memory out_of_memory ${chapter} ${oom_args})
  endif()
  workbook_fault_test(${chapter}.fault.help_full help_full ${chapter})
endforeach()

workbook_fault_test(ch01.fault.stdout_full stdout_full ch01)
workbook_fault_test(ch03.fault.print_table_full stdout_full ch03 --print-table --d 4 --positions 0:3)
workbook_fault_test(ch03.fault.file_size file_size ch03)
workbook_fault_test(ch08.fault.file_size file_size ch08)
workbook_fault_test(ch06.fault.signal signal ch06 --seeds 2 --retrain)   # (--retrain: always training when the signal lands)
workbook_fault_test(ch01.fault.one_run one_run ch01 --d 16 -- --d 8 --claim 1.3)
workbook_fault_test(ch01.fault.long_out long_out ch01)
# Issue 26's faults: a closed standard output, a reader that leaves, two runs at once.
workbook_fault_test(ch01.fault.closed_stdout closed_stdout ch01)
workbook_fault_test(ch03.fault.closed_pipe closed_pipe ch03)
workbook_fault_test(ch03.fault.two_runs two_runs ch03 --d 16 -- --d 32)
set_tests_properties(ch01.fault.closed_stdout ch03.fault.closed_pipe ch03.fault.two_runs PROPERTIES
                     LABELS "fault;hardening")
if(NOT WORKBOOK_SANITIZE)
  # ~500 MB of buffers for one step: the estimate must cover what the run takes.
  workbook_fault_test(ch06.fault.memory_estimate memory_estimate ch06
                      --steps 1 --seeds 1 --threads 1 --eval-seqs 10 --train-len 128 --batch 512 --eval-factor 2
                      --retrain)   # (the limited run must train, not read the first run's results)
endif()
