# expect_language.cmake: run PROGRAM --claim 3.6 with the environment
# SETTINGS (NAME=VALUE items separated by commas; an item starting with "--"
# and the ones after it are options) and no other language variable, and expect its first line
# to be EXPECT (the chapter's title in the language those settings choose).
#   cmake -DPROGRAM=ch03 -DOUT=dir "-DSETTINGS=LANG=zh_TW.UTF-8" "-DEXPECT=ch03 · ..." -P expect_language.cmake
string(REPLACE "," ";" SETTINGS "${SETTINGS}")
set(environment "")
set(options "")
set(in_options FALSE)
foreach(item IN LISTS SETTINGS)
  if(item MATCHES "^--")
    set(in_options TRUE)
  endif()
  if(in_options)
    list(APPEND options ${item})
  else()
    list(APPEND environment ${item})
  endif()
endforeach()
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=LANGUAGE --unset=LC_ALL --unset=LC_MESSAGES --unset=LANG
                        ${environment} ${PROGRAM} --claim 3.6 --out ${OUT} ${options}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}\n" "\n" end)
string(SUBSTRING "${out}" 0 ${end} first)
if(NOT rc EQUAL 0 OR NOT "${first}" STREQUAL "${EXPECT}")
  message(FATAL_ERROR "with ${SETTINGS}: exit ${rc}, first line '${first}', expected '${EXPECT}'\n${err}")
endif()
message("with ${SETTINGS}: ${first}")
