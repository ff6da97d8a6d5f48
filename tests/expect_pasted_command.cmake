# expect_pasted_command.cmake: every command the workbook prints with a
# run's options can be pasted into a shell and runs with those options,
# each argument whole (issue 43: "Run with `./workbook ch01 --sentence 我 打 你`"
# ran ch01 with three arguments, and failed: unknown option '打').
#   - the driver (DRIVER) runs the made-up chapter (CHAPTER, which ignores
#     its options) with options holding spaces, quotes, $, *, |, &, ~, # and
#     a backslash; REPORT.md's "Run with `...`" and the heading of the run
#     ("ch01 OPTIONS (into DIR/)") are each run by sh with ./workbook a stub
#     that prints its arguments: they must be the options given;
#   - a real chapter (CH01 --sentence "我 打 你" --claim 1.2): its "Exploring: ..."
#     line, pasted the same way, gives --sentence and the sentence as one argument;
#   - ./workbook itself (WORKBOOK): `./workbook site "it's my site"` with no run
#     to publish says to run `./workbook site ...` later: that command too.
# Also: PLOTS, GNUPLOT (the made-up run's), OUT.
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/paste)
# The stub ./workbook: each argument on a line of its own, in brackets.
file(WRITE ${OUT}/paste/workbook "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\n")
file(CHMOD ${OUT}/paste/workbook PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
set(problems "")

# The arguments a pasted command gave the stub, as "[a][b]...".
function(pasted command var)
  execute_process(COMMAND sh -c "${command}" WORKING_DIRECTORY ${OUT}/paste
                  RESULT_VARIABLE rc OUTPUT_VARIABLE printed ERROR_VARIABLE err)
  string(REPLACE "\n" "" printed "${printed}")
  if(NOT rc EQUAL 0)
    set(printed "(sh exit ${rc}: ${err})")
  endif()
  set(${var} "${printed}" PARENT_SCOPE)
endfunction()

set(options --sentence "我 打 你" --note "it's \$HOME * 'x'" --pipe "a|b & c" --home "~" --hash "#no comment"
            "--path=a\\b \"c\"")
set(want "[ch01]")
foreach(o IN LISTS options)
  string(APPEND want "[${o}]")
endforeach()

execute_process(COMMAND ${DRIVER} --out ${OUT}/run --plots ${PLOTS} --gnuplot ${GNUPLOT} --chapter ch01 ${CHAPTER}
                        -- ${options}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "driver: exit ${rc}\n${out}${err}")
endif()
file(READ ${OUT}/run/REPORT.md report)
if(NOT report MATCHES "Run with `(\\./workbook ch01 [^`\n]*)`")
  list(APPEND problems "REPORT.md has no \"Run with `./workbook ch01 ...`\"")
else()
  set(command "${CMAKE_MATCH_1}")
  pasted("${command}" got)
  if(NOT got STREQUAL want)
    list(APPEND problems "REPORT.md's command, pasted: ${command}\n  gives ${got}\n  expected ${want}")
  endif()
endif()
if(NOT out MATCHES "\nch01 ([^\n]*) \\(into [^\n]*\\)\n")
  list(APPEND problems "the driver's heading 'ch01 OPTIONS (into DIR/)' is missing:\n${out}")
else()
  set(command "./workbook ch01 ${CMAKE_MATCH_1}")
  pasted("${command}" got)
  if(NOT got STREQUAL want)
    list(APPEND problems "the driver's heading, pasted: ${command}\n  gives ${got}\n  expected ${want}")
  endif()
endif()

execute_process(COMMAND ${CH01} --sentence "我 打 你" --claim 1.2 --out ${OUT}/ch01
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ch01: exit ${rc}\n${out}${err}")
endif()
if(NOT out MATCHES "\nExploring: ([^\n]*) \\(not the course's settings\\)")
  list(APPEND problems "ch01 printed no 'Exploring: OPTIONS (not the course's settings)'")
else()
  set(command "./workbook ch01 ${CMAKE_MATCH_1}")
  pasted("${command}" got)
  if(NOT got STREQUAL "[ch01][--sentence][我 打 你]")
    list(APPEND problems "ch01's settings, pasted: ${command}\n  gives ${got}\n  expected [ch01][--sentence][我 打 你]")
  endif()
endif()

execute_process(COMMAND ${CMAKE_COMMAND} -E env WORKBOOK_OUT=${OUT}/no-run ${WORKBOOK} site "it's my site"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "then (\\./workbook site [^\n]*)\n$")
  list(APPEND problems "./workbook site with no run: exit ${rc}, expected 2 and 'then ./workbook site DIR': ${err}")
else()
  set(command "${CMAKE_MATCH_1}")
  pasted("${command}" got)
  if(NOT got STREQUAL "[site][it's my site]")
    list(APPEND problems "./workbook's site command, pasted: ${command}\n  gives ${got}\n  expected [site][it's my site]")
  endif()
endif()

if(problems)
  string(REPLACE ";" "\n" problems "${problems}")
  message(FATAL_ERROR "${problems}")
endif()
message("every printed command pastes back to its arguments")
