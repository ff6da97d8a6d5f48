# expect_svg_crisp.cmake -DDRIVER=workbook_run -DSCRIPT=plots/NAME.gp -DDATA=DIR -DOUT=DIR:
# draw a heatmap figure and require every image in its SVG to be marked
# image-rendering:pixelated, so that a browser shows its cells crisp as in
# the PNG (tools/figures.c), and at least one image to be there.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${DRIVER} --render ${SCRIPT} --data ${DATA} --figures ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the figure was not drawn (exit ${rc})")
endif()
get_filename_component(name ${SCRIPT} NAME_WE)
file(READ ${OUT}/${name}.svg svg)
string(REGEX MATCHALL "<image " images "${svg}")
string(REGEX MATCHALL "<image style='image-rendering:pixelated' " crisp "${svg}")
list(LENGTH images n_images)
list(LENGTH crisp n_crisp)
if(n_images EQUAL 0 OR NOT n_crisp EQUAL n_images)
  message(FATAL_ERROR "${n_crisp} of the ${n_images} images in ${name}.svg are marked pixelated")
endif()
message("${n_images} images, all pixelated")
