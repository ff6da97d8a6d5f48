# expect_catalogue.cmake: a message catalogue is whole and consistent:
# msgfmt -c (each msgstr's printf conversions those of its msgid, the header
# right) and --statistics with no fuzzy and no untranslated entry.
#   cmake -DMSGFMT=msgfmt -DPO=po/zh_TW.po -P expect_catalogue.cmake
execute_process(COMMAND ${MSGFMT} -c --statistics -o /dev/null ${PO}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(stats "${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "msgfmt -c refuses ${PO}:\n${stats}")
endif()
if(stats MATCHES "fuzzy|untranslated" OR NOT stats MATCHES "[0-9]+ translated message")
  message(FATAL_ERROR "${PO} is not whole: ${stats}")
endif()
message("${PO}: ${stats}")
