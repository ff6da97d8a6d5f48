# expect_figure_follows_data.cmake: run a chapter with non-default settings,
# render one of its figures from that data, and check that the SVG's text
# states the settings of the data (not the defaults).
#   -DCHAPTER=chNN "-DCHAPTER_ARGS=--d 16 ..." -DDRIVER=workbook_run
#   -DSCRIPT=plots/NAME.gp -DOUT=DIR "-DEXPECT=regex"
file(REMOVE_RECURSE ${OUT})
separate_arguments(chapter_args UNIX_COMMAND "${CHAPTER_ARGS}")
execute_process(COMMAND ${CHAPTER} --quiet ${chapter_args} --out ${OUT}/data
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 AND NOT rc EQUAL 1)   # 1: a verdict differs from the expected one, the data are written
  message(FATAL_ERROR "${CHAPTER} exited ${rc}: ${err}")
endif()
execute_process(COMMAND ${DRIVER} --render ${SCRIPT} --data ${OUT}/data --figures ${OUT}/figures
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "workbook_run exited ${rc}: ${out}${err}")
endif()
get_filename_component(name ${SCRIPT} NAME_WE)
file(READ ${OUT}/figures/${name}.svg svg)
if(NOT svg MATCHES "${EXPECT}")
  message(FATAL_ERROR "${name}.svg drawn from ${CHAPTER} ${CHAPTER_ARGS} does not say '${EXPECT}'")
endif()
message(STATUS "${name}.svg says '${EXPECT}'")
