# expect_figure_size.cmake: render one figure with the driver and check the
# picture's size: the PNG's IHDR width and height and the SVG's width and
# height attributes must be WIDTH x HEIGHT pixels.
#   -DDRIVER=workbook_run -DSCRIPT=plots/NAME.gp -DDATA=DIR -DFIGURES=DIR
#   -DWIDTH=W -DHEIGHT=H ["-DARGS=--figure-size=1600x960 --font-scale=1.5"]
file(REMOVE_RECURSE ${FIGURES})
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${DRIVER} --render ${SCRIPT} --data ${DATA} --figures ${FIGURES} ${args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "workbook_run exited ${rc}: ${out}${err}")
endif()
get_filename_component(name ${SCRIPT} NAME_WE)
# PNG: 8-byte signature, then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), big-endian.
file(READ ${FIGURES}/${name}.png ihdr OFFSET 16 LIMIT 8 HEX)
string(SUBSTRING "${ihdr}" 0 8 w_hex)
string(SUBSTRING "${ihdr}" 8 8 h_hex)
math(EXPR png_w "0x${w_hex}")
math(EXPR png_h "0x${h_hex}")
if(NOT png_w EQUAL WIDTH OR NOT png_h EQUAL HEIGHT)
  message(FATAL_ERROR "${name}.png is ${png_w}x${png_h}, expected ${WIDTH}x${HEIGHT}")
endif()
file(READ ${FIGURES}/${name}.svg svg LIMIT 2000)
if(NOT svg MATCHES "width=\"${WIDTH}\" height=\"${HEIGHT}\"")
  string(REGEX MATCH "width=\"[0-9]+\" height=\"[0-9]+\"" found "${svg}")
  message(FATAL_ERROR "${name}.svg has ${found}, expected width=\"${WIDTH}\" height=\"${HEIGHT}\"")
endif()
message(STATUS "${name}: PNG and SVG ${png_w}x${png_h}")
# -DSVG_FONT=S: the workbook's 13-point text must come out at S points in the SVG.
if(DEFINED SVG_FONT)
  file(READ ${FIGURES}/${name}.svg svg)
  if(NOT svg MATCHES "font-size=\"${SVG_FONT}\"")
    message(FATAL_ERROR "${name}.svg has no text at font-size=\"${SVG_FONT}\"")
  endif()
  message(STATUS "${name}: SVG text at ${SVG_FONT} points")
endif()
