# commit_id.cmake -DSOURCE_DIR=DIR -DGIT=git (may be empty) -DSOURCE_URL=URL (may be empty) -DOUT=FILE:
# the workbook's commit, recorded at build time, so that a run can say which
# code computed it (the driver writes it into each chapter's run.tsv, and the
# pages say it: tools/workbook_pages.c). FILE, a C header, gets
#   WORKBOOK_COMMIT      the commit checked out in DIR, 12 hex digits, with
#                        "+" after it when a tracked file differs from it
#                        (a build of local changes); "" when it cannot be
#                        known: no git, or DIR is no git work tree of its own
#                        (a copy without its history, as the fresh-machine
#                        test makes), or git refuses to answer; without
#                        .git, the environment's WORKBOOK_COMMIT (hex) if set
#   WORKBOOK_SOURCE_URL  where to clone the workbook from (CMake's
#                        WORKBOOK_SOURCE_URL; "" when not set)
# FILE is rewritten only when its text changes, so the driver alone is
# rebuilt, and only then. Run by CMakeLists.txt's workbook_commit target at
# every build (a commit changes nothing CMake could depend on).
set(commit "")
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                  RESULT_VARIABLE rc OUTPUT_VARIABLE head ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0 AND head MATCHES "^[0-9a-f]+$")
    set(commit "${head}")
    execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                    RESULT_VARIABLE rc OUTPUT_VARIABLE changes ERROR_QUIET)
    if(NOT rc EQUAL 0)
      set(commit "")
    elseif(NOT changes STREQUAL "")
      string(APPEND commit "+")
    endif()
  endif()
endif()
# A copy without .git (a container's build context): the commit the builder
# names in the environment (the Containerfile's WORKBOOK_COMMIT build
# argument), when it looks like one.
if(commit STREQUAL "" AND NOT EXISTS "${SOURCE_DIR}/.git" AND "$ENV{WORKBOOK_COMMIT}" MATCHES "^[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+$")
  string(SUBSTRING "$ENV{WORKBOOK_COMMIT}" 0 12 commit)
endif()
# (a C string: no quote, backslash or character outside printable ASCII from the setting)
string(REGEX REPLACE "[\"\\\\]|[^ -~]" "" url "${SOURCE_URL}")
set(text "// Generated at build time by tools/commit_id.cmake: where a run's code comes from.\n"
         "#define WORKBOOK_COMMIT \"${commit}\"\n"
         "#define WORKBOOK_SOURCE_URL \"${url}\"\n")
string(CONCAT text ${text})
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
