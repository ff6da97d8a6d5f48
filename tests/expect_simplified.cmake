# expect_simplified.cmake: the zh-CN report and pages of a run (RUN) hold no
# Traditional-only character (to_simplified --check: OpenCC's t2s changes
# nothing), except where Traditional is right:
#   - what is marked lang="zh-Hant-TW": the language switch, where 繁體中文 names
#     the other edition in its own script, and the glossary's zh-TW column;
#     in the report, its line of languages;
#   - the documents' titles, as printed (three in Traditional characters),
#     marked the same way.
# The evidence is the lessons' words in this edition, and is checked with the rest.
# Copies without those parts go to OUT and are checked there.
#   cmake -DCHECK=to_simplified -DRUN=dir -DOUT=dir -P expect_simplified.cmake
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
file(GLOB pages RELATIVE ${RUN} ${RUN}/zh-CN/*.html)
set(files "")
foreach(rel REPORT.zh-CN.md ${pages})
  if(NOT EXISTS ${RUN}/${rel})
    message(FATAL_ERROR "${RUN}/${rel} is missing: the chapters' run wrote no zh-CN edition")
  endif()
  file(READ ${RUN}/${rel} text)
  # (what is marked Traditional, lang="zh-Hant-TW": the language switch, the glossary's zh-TW column,
  # the documents' titles)
  foreach(element td th span a)
    string(REGEX REPLACE "<${element} lang=\"zh-Hant-TW\"[^>]*>[^<]*</${element}>" "" text "${text}")
  endforeach()
  string(REGEX REPLACE "\n[^\n]*\\[繁體中文\\][^\n]*\n" "\n" text "${text}")
  string(REPLACE "/" "_" flat ${rel})
  file(WRITE ${OUT}/${flat} "${text}")
  list(APPEND files ${OUT}/${flat})
endforeach()
list(LENGTH files n)
execute_process(COMMAND ${CHECK} --check ${files} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "Traditional characters in the zh-CN edition (outside the language switch and the evidence):\n${out}${err}")
endif()
message("${n} zh-CN files: no Traditional-only character outside the language switch and the evidence")
