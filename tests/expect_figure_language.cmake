# expect_figure_language.cmake: one figure drawn in a Chinese edition (the
# tests chNN.figure.NAME.zh-TW and .zh-CN): the driver renders SCRIPT from the
# chapter's data with --lang LANG, and tests/figure_language.c checks the SVG:
# Chinese words, set in FONT, and no run of four English words.
#   -DDRIVER=workbook_run -DCHECK=figure_language -DSCRIPT=plots/NAME.gp -DDATA=DIR
#   -DOUT=DIR -DLANG=zh-TW "-DFONT=Noto Sans CJK TC" [-DGNUPLOT=gnuplot]
#   [-DEXPECT_FAIL=regex]: the check must fail instead, saying that (the
#   test that it can: an English figure, or zh-CN's held to zh-TW's face)
# Without gnuplot it prints SKIPPED (the test's SKIP_REGULAR_EXPRESSION).
if(NOT GNUPLOT)
  message("SKIPPED: no gnuplot, so no figure is drawn")
  return()
endif()
get_filename_component(name ${SCRIPT} NAME_WE)
file(REMOVE ${OUT}/${name}.png ${OUT}/${name}.svg)   # (only its own: the chapter's other figures share OUT)
execute_process(COMMAND ${DRIVER} --lang ${LANG} --render ${SCRIPT} --data ${DATA} --figures ${OUT} --gnuplot ${GNUPLOT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "workbook_run --lang ${LANG} --render exited ${rc}: ${out}${err}")
endif()
execute_process(COMMAND ${CHECK} --font ${FONT} ${OUT}/${name}.svg RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(EXPECT_FAIL)
  if(rc EQUAL 0 OR NOT out MATCHES "${EXPECT_FAIL}")
    message(FATAL_ERROR "the check passed ${OUT}/${name}.svg, or failed without saying '${EXPECT_FAIL}'")
  endif()
elseif(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OUT}/${name}.svg is not a ${LANG} figure")
endif()
