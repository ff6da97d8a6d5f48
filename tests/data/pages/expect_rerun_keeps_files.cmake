# expect_rerun_keeps_files.cmake -DPAGES=workbook_pages -DOUT=DIR -DPLOTS=DIR -DASSETS=DIR [-DKATEX=DIR]:
# workbook_pages run again over its own pages (as every ./workbook run does)
# writes every file again and removes none of its own: each file
# PAGES_MANIFEST lists exists afterwards, the KaTeX fonts included (a second
# run once skipped the fonts already there, then removed them as files it had
# not written).
set(katex "")
if(KATEX)
  set(katex --katex ${KATEX})
endif()
# After each of two runs (a file lost every other run shows after one of them).
foreach(run 1 2)
  execute_process(COMMAND ${PAGES} --out ${OUT} --plots ${PLOTS} --assets ${ASSETS} ${katex}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "workbook_pages run ${run}: exit ${rc}\n${out}${err}")
  endif()
  file(STRINGS ${OUT}/PAGES_MANIFEST listed REGEX "^[^#]")
  set(missing "")
  set(fonts 0)
  foreach(rel IN LISTS listed)
    if(NOT EXISTS ${OUT}/${rel})
      list(APPEND missing ${rel})
    endif()
    if(rel MATCHES "^assets/katex/fonts/")
      math(EXPR fonts "${fonts} + 1")
    endif()
  endforeach()
  if(missing)
    message(FATAL_ERROR "after run ${run} these files PAGES_MANIFEST lists are gone: ${missing}")
  endif()
  if(KATEX AND fonts EQUAL 0)
    message(FATAL_ERROR "after run ${run} PAGES_MANIFEST lists no KaTeX font (removed as not written?)")
  endif()
  list(LENGTH listed n)
  message("run ${run} over the pages keeps all ${n} files (${fonts} fonts)")
endforeach()
