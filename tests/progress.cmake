# The progress line of long work (common/base/progress.h), label progress: under a
# pseudo-terminal (util-linux `script`, Debian's bsdutils) a short training
# run draws it and erases it, so the screen ends as the program's own text;
# without a terminal, and with --quiet, none of it is written; the files (and
# the driver's output.txt) are byte-identical with and without a terminal.
# tests/expect_progress.sh says what each mode checks. Each test runs two
# trainings of a few seconds. (Not under the sanitizers: their runs are
# slower, and the progress is shown by the same code in the normal build.)
if(NOT WORKBOOK_SANITIZE)
  set(progress_script ${CMAKE_CURRENT_SOURCE_DIR}/expect_progress.sh)
  set(progress_out ${WORKBOOK_TEST_OUT}/progress)
  # Chapter 6: one claim's two runs, 500 steps each, on one thread (about a second each).
  set(progress_ch06 --claim 6.7 --steps 500 --seeds 2 --eval-seqs 50 --retrain)
  add_test(NAME progress.ch06
           COMMAND ${progress_script} chapter $<TARGET_FILE:ch06> ${progress_out}/ch06 ${progress_ch06} --threads 1)
  add_test(NAME progress.ch06_quiet
           COMMAND ${progress_script} quiet $<TARGET_FILE:ch06> ${progress_out}/ch06-quiet ${progress_ch06})
  # Chapter 9: one progress line over its whole sweep (49 runs of 10 steps, on two threads).
  add_test(NAME progress.ch09
           COMMAND ${progress_script} chapter $<TARGET_FILE:ch09> ${progress_out}/ch09 --steps 10 --seeds 1
                   --eval-seqs 10 --retrain)
  # The driver: after "[1/1] ch06 " in a whole run; as ./workbook ch06 runs one chapter.
  add_test(NAME progress.driver_line
           COMMAND ${progress_script} driver-line $<TARGET_FILE:workbook_run> ${CMAKE_SOURCE_DIR}/plots
                   $<TARGET_FILE:ch06> ${progress_out}/driver-line ${progress_ch06})
  add_test(NAME progress.driver_output
           COMMAND ${progress_script} driver-output $<TARGET_FILE:workbook_run> ${CMAKE_SOURCE_DIR}/plots
                   $<TARGET_FILE:ch06> ${progress_out}/driver-output ${progress_ch06})
  # The checks can fail: a fake chapter (tests/data/fake_progress) whose progress goes to
  # standard output, and one that never erases it.
  add_test(NAME progress.catches_stdout
           COMMAND ${CMAKE_COMMAND} -E env FAKE_PROGRESS=stdout
                   ${progress_script} chapter ${CMAKE_CURRENT_SOURCE_DIR}/data/fake_progress ${progress_out}/fake-stdout)
  add_test(NAME progress.catches_unerased
           COMMAND ${CMAKE_COMMAND} -E env FAKE_PROGRESS=unerased
                   ${progress_script} chapter ${CMAKE_CURRENT_SOURCE_DIR}/data/fake_progress ${progress_out}/fake-unerased)
  set_tests_properties(progress.catches_stdout PROPERTIES
                       PASS_REGULAR_EXPRESSION "FAIL: progress text on standard output of the run without a terminal")
  set_tests_properties(progress.catches_unerased PROPERTIES
                       PASS_REGULAR_EXPRESSION "FAIL: progress text left on the screen")
  set(progress_tests progress.ch06 progress.ch06_quiet progress.ch09 progress.driver_line progress.driver_output
      progress.catches_stdout progress.catches_unerased)
  set_tests_properties(${progress_tests} PROPERTIES LABELS progress SKIP_RETURN_CODE 77 TIMEOUT 120)
  set_tests_properties(progress.ch06 progress.ch06_quiet PROPERTIES LABELS "progress;ch06")
  set_tests_properties(progress.ch09 PROPERTIES LABELS "progress;ch09")
endif()
