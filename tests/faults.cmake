# Faults a chapter does not control (common/base/faults.h), label "hardening":
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

if(NOT WORKBOOK_SANITIZE)   # (ASan reserves terabytes of address space: `ulimit -v` means nothing there)
  # Issue 43: BLIS's first product short of memory says one line, ours.
  workbook_fault_test(ch03.fault.blas_first_use blas_first_use ch03)
  set_tests_properties(ch03.fault.blas_first_use PROPERTIES LABELS "fault;hardening;ch03")
endif()
workbook_fault_test(ch01.fault.stdout_full stdout_full ch01)
workbook_fault_test(ch03.fault.print_table_full stdout_full ch03 --print-table --d 4 --positions 0:3)
workbook_fault_test(ch03.fault.file_size file_size ch03)
workbook_fault_test(ch08.fault.file_size file_size ch08)
workbook_fault_test(ch06.fault.signal signal ch06 --seeds 2 --retrain)   # (--retrain: always training when the signal lands)
workbook_fault_test(ch01.fault.one_run one_run ch01 --d 16 -- --d 8 --claim 1.3)
workbook_fault_test(ch01.fault.long_out long_out ch01)
# Issue 26's faults: a closed standard output, a reader that leaves, two runs at once.
workbook_fault_test(ch01.fault.closed_stdout closed_stdout ch01)
workbook_fault_test(ch03.fault.closed_pipe closed_pipe ch03 --evidence)
workbook_fault_test(ch01.fault.two_runs two_runs ch01 --d 16 --claim 1.4 -- --d 32 --claim 1.4)
set_tests_properties(ch01.fault.closed_stdout ch03.fault.closed_pipe ch01.fault.two_runs PROPERTIES
                     LABELS "fault;hardening")
if(NOT WORKBOOK_SANITIZE)
  # ~500 MB of buffers for one step: the estimate must cover what the run takes.
  workbook_fault_test(ch06.fault.memory_estimate memory_estimate ch06
                      --steps 1 --seeds 1 --threads 1 --eval-seqs 10 --train-len 128 --batch 512 --eval-factor 2
                      --retrain)   # (the limited run must train, not read the first run's results)
endif()

# Issue 26's faults of training and of reading a corpus (label fault;hardening;chNN):
# training that diverges inside the option ranges (exit 5, nothing cached or
# judged); a device, an endless pipe, a pipe and a FIFO as --corpus (refused at
# once, refused at the 512 MiB bound, read once); a corpus without the course's
# words (the claims name them, no nan or rank -1); a gzip bomb as --gcide and a
# corpus of 5 million distinct words (refused at their bounds while inflating and
# counting, within 800 and 400 MB of address space).
set(ch00_tiny_settings --corpus ${CMAKE_CURRENT_SOURCE_DIR}/data/ch00_tiny.txt --dim 16 --min-count 1 --svd-vocab 30)
workbook_fault_test(ch00.fault.diverged diverged ch00 ${ch00_tiny_settings}
                    --lr 0.2 --negative 32 --noise-power 1 --window 20 --sample 0 --epochs 50 --retrain)
# (At the edge of the --lr bound the step where the loss overflows depends on
# the build's arithmetic: the Debug/ASan build's exp trains through --d 256
# --batch 1 at 0.02. Short sequences over a larger vocabulary diverge within
# 30-100 steps in both builds, for seeds 1, 2, 3 and the default.)
workbook_fault_test(ch06.fault.diverged diverged ch06
                    --lr 0.02 --batch 1 --d 256 --train-len 8 --vocab 64 --steps 300 --seeds 1 --eval-seqs 10
                    --claim 6.6 --retrain)
workbook_fault_test(ch00.fault.corpus_device corpus_device ch00)
workbook_fault_test(ch00.fault.corpus_endless corpus_endless ch00)
workbook_fault_test(ch00.fault.corpus_pipe corpus_pipe ch00 ${CMAKE_CURRENT_SOURCE_DIR}/data/ch00_tiny.txt
                    --dim 16 --min-count 1 --svd-vocab 30)
workbook_fault_test(ch00.fault.missing_words missing_words ch00 ${CMAKE_CURRENT_SOURCE_DIR}/data/ch00_tiny.txt
                    --dim 16 --min-count 1 --svd-vocab 30)
set_tests_properties(ch00.fault.diverged ch00.fault.corpus_device ch00.fault.corpus_endless ch00.fault.corpus_pipe
                     ch00.fault.missing_words PROPERTIES LABELS "fault;hardening;ch00")
set_tests_properties(ch06.fault.diverged PROPERTIES LABELS "fault;hardening;ch06")
if(NOT WORKBOOK_SANITIZE)   # (ASan reserves terabytes of address space: `ulimit -v` means nothing there)
  workbook_fault_test(ch00.fault.gzip_bomb gzip_bomb ch00)
  workbook_fault_test(ch00.fault.vocab_bound vocab_bound ch00)
  set_tests_properties(ch00.fault.gzip_bomb ch00.fault.vocab_bound PROPERTIES LABELS "fault;hardening;ch00")
endif()
