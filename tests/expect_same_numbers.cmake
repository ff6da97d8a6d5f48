# expect_same_numbers.cmake: a chapter tells the same run in every language
# (issue 29): run PROGRAM with ARGS once per language (--lang en, zh-TW,
# zh-CN) into OUT/LANG and check that
#   - claims.tsv and values.tsv are the same bytes in each (the data never
#     depends on the language);
#   - the standard output holds the same numbers: every number with a decimal
#     point or an exponent (what the run computed: 0.959, 1.0e-16, 8.66e+03),
#     as many times each (a translation may put them in another order within
#     a sentence), and the same verdict table (its claim ids, in order);
#   - the Chinese outputs are Chinese: their verdict table's header is not the
#     English one.
# Each language's standard output is kept in OUT/LANG.txt: the tests that read
# a chapter's printed evidence (chNN.evidence.numbers_kept, the language share's
# language_share.evidence.chNN.LANG) read these files instead of running the
# chapter again (tests/i18n.cmake: the fixture chNN_prints).
#   cmake -DPROGRAM=... -DOUT=... -DARGS="--claim;3.6" -P expect_same_numbers.cmake
set(langs en zh-TW zh-CN)
set(problems "")
foreach(lang IN LISTS langs)
  file(REMOVE_RECURSE ${OUT}/${lang})
  execute_process(COMMAND ${PROGRAM} ${ARGS} --lang ${lang} --out ${OUT}/${lang}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out_${lang} ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    list(APPEND problems "--lang ${lang}: exit ${rc}: ${err}")
  endif()
  file(WRITE ${OUT}/${lang}.txt "${out_${lang}}")
  file(READ ${OUT}/${lang}/claims.tsv claims_${lang})
  file(READ ${OUT}/${lang}/values.tsv values_${lang})
  # The numbers a run computed (not the lines that start with the program's
  # name: the title, and the verdict table's header with the run's seconds).
  get_filename_component(program_name ${PROGRAM} NAME)
  string(REGEX REPLACE "(^|\n)${program_name} [^\n]*" "\\1" computed "${out_${lang}}")
  string(REGEX MATCHALL "[0-9]+[.][0-9]+(e[-+][0-9]+)?|[0-9]+e[-+][0-9]+" numbers_${lang} "${computed}")
  list(SORT numbers_${lang})
  # The verdict table's rows: "  3.6    course  holds" -> the ids in order.
  string(REGEX MATCHALL "\n[ *!] [0-9]+[.][0-9]+ " ids_${lang} "${out_${lang}}")
endforeach()
foreach(lang zh-TW zh-CN)
  if(NOT claims_${lang} STREQUAL claims_en)
    list(APPEND problems "claims.tsv differs between en and ${lang}")
  endif()
  if(NOT values_${lang} STREQUAL values_en)
    list(APPEND problems "values.tsv differs between en and ${lang}")
  endif()
  if(NOT numbers_${lang} STREQUAL numbers_en)
    list(APPEND problems "the numbers printed differ between en and ${lang}:\n  en: ${numbers_en}\n  ${lang}: ${numbers_${lang}}")
  endif()
  if(NOT ids_${lang} STREQUAL ids_en OR NOT ids_en)
    list(APPEND problems "the verdict tables differ between en and ${lang} (or there is none)")
  endif()
  if(out_${lang} MATCHES "\n  claim  scope   verdict")
    list(APPEND problems "--lang ${lang} printed the English verdict table")
  endif()
endforeach()
list(LENGTH numbers_en n)
if(n LESS 1)
  list(APPEND problems "the English output has no number with a decimal point")
endif()
if(problems)
  string(REPLACE ";" "\n" problems "${problems}")
  message(FATAL_ERROR "${problems}")
endif()
message("the same ${n} numbers and verdicts in en, zh-TW and zh-CN")
