# The driver (tools/workbook_run.c). Included from tests/CMakeLists.txt, so
# workbook_badinput_test and WORKBOOK_TEST_OUT are at hand. Tests of the
# faults issue 17 lists carry the label "hardening" as well.
set(driver_out ${WORKBOOK_TEST_OUT}/driver)
set(driver_data ${CMAKE_CURRENT_SOURCE_DIR}/data)
set(driver_plots ${CMAKE_SOURCE_DIR}/plots)
set(driver_hardening "")   # the tests labelled "hardening", collected below

# ---- --render (the figure tests' mode) ------------------------------------------
# A broken script must fail; without gnuplot (none on an empty PATH) the
# figure is skipped (77).
add_test(NAME driver.render_broken_script
         COMMAND workbook_run --render ${driver_data}/broken_figure.gp
                 --data ${driver_data} --figures ${driver_out}/render --gnuplot /bin/false)
set_tests_properties(driver.render_broken_script PROPERTIES WILL_FAIL TRUE LABELS "unit")
add_test(NAME driver.render_without_gnuplot
         COMMAND workbook_run --render ${driver_data}/broken_figure.gp
                 --data ${driver_data} --figures ${driver_out}/render)
set_tests_properties(driver.render_without_gnuplot PROPERTIES LABELS "unit;hardening" ENVIRONMENT "PATH="
                     PASS_REGULAR_EXPRESSION "SKIPPED: gnuplot was not found on PATH")
if(GNUPLOT_EXECUTABLE)
  get_filename_component(gnuplot_dir ${GNUPLOT_EXECUTABLE} DIRECTORY)
  # gnuplot's own message about the broken line is passed on, not "no message".
  add_test(NAME driver.render_gnuplot_message
           COMMAND workbook_run --render ${driver_data}/broken_figure.gp
                   --data ${driver_data} --figures ${driver_out}/render --gnuplot ${GNUPLOT_EXECUTABLE})
  set_tests_properties(driver.render_gnuplot_message PROPERTIES LABELS "unit;hardening"
                       PASS_REGULAR_EXPRESSION "broken_figure.gp\" line 2: undefined variable: this")
  # A syntax error: gnuplot's message starts with a blank line and the
  # offending line; what it says about the line must come through.
  add_test(NAME driver.render_syntax_error_message
           COMMAND workbook_run --render ${driver_data}/syntax_error.gp
                   --data ${driver_data} --figures ${driver_out}/render --gnuplot ${GNUPLOT_EXECUTABLE})
  set_tests_properties(driver.render_syntax_error_message PROPERTIES LABELS "unit;hardening"
                       PASS_REGULAR_EXPRESSION "on png: plot sin\\(x\\) with / \".*syntax_error.gp\" line 2: unrecognized plot type")
  # A picture cut short while gnuplot exits 0 (tests/data/cutting_gnuplot
  # passes on only the first half of the PNG, or of the SVG) is not taken for
  # a figure.
  foreach(cut IN ITEMS "png|the PNG is cut short or damaged \\([0-9]+ bytes"
                        "svg|the SVG is cut short \\([0-9]+ bytes")
    string(REPLACE "|" ";" cells "${cut}")
    list(GET cells 0 format)
    list(GET cells 1 expect)
    add_test(NAME driver.render_cut_${format}
             COMMAND workbook_run --render ${driver_plots}/ch01_output_d.gp --gnuplot ${driver_data}/cutting_gnuplot
                     --data ${WORKBOOK_TEST_OUT}/ch01/data --figures ${driver_out}/render-cut-${format})
    set_tests_properties(driver.render_cut_${format} PROPERTIES LABELS "unit;hardening" FIXTURES_REQUIRED ch01_data
                         ENVIRONMENT "REAL_GNUPLOT=${GNUPLOT_EXECUTABLE};CUT_FORMAT=${format}"
                         PASS_REGULAR_EXPRESSION "${expect}")
  endforeach()
  # Without --gnuplot, gnuplot is looked up on PATH; so is a bare --gnuplot name.
  add_test(NAME driver.render_gnuplot_on_path
           COMMAND workbook_run --render ${driver_plots}/ch01_output_d.gp
                   --data ${WORKBOOK_TEST_OUT}/ch01/data --figures ${driver_out}/render-path)
  add_test(NAME driver.render_gnuplot_by_name
           COMMAND workbook_run --render ${driver_plots}/ch01_output_d.gp --gnuplot gnuplot
                   --data ${WORKBOOK_TEST_OUT}/ch01/data --figures ${driver_out}/render-name)
  set_tests_properties(driver.render_gnuplot_on_path driver.render_gnuplot_by_name PROPERTIES
                       LABELS "unit;hardening" ENVIRONMENT "PATH=${gnuplot_dir}" FIXTURES_REQUIRED ch01_data
                       PASS_REGULAR_EXPRESSION "rendered .*ch01_output_d.png and .svg")
endif()

# ---- run mode: the numbers and the report come out even without figures --------
add_test(NAME driver.report_without_gnuplot
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                 -DPLOTS=${driver_plots} -DGNUPLOT= -DSEARCH_PATH= -DEXPECT_RC=0
                 "-DREPORT_MATCH=gnuplot was not found on PATH.*ch01_attention_weights.*is not drawn: gnuplot was not found on PATH"
                 -DOUT=${driver_out}/no-gnuplot -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.cmake)
add_test(NAME driver.report_with_failing_gnuplot
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                 -DPLOTS=${driver_plots} -DGNUPLOT=/bin/false -DEXPECT_RC=1
                 "-DREPORT_MATCH=ch01_output_d.*is not drawn: gnuplot failed \\(exit 1\\) on png"
                 -DOUT=${driver_out}/failing-gnuplot -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.cmake)
set_tests_properties(driver.report_without_gnuplot driver.report_with_failing_gnuplot PROPERTIES LABELS "unit")
# A bare chapter name is looked up on PATH (here: only the build's folder).
add_test(NAME driver.report_chapter_on_path
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=ch01
                 -DPLOTS=${driver_plots} -DGNUPLOT= -DSEARCH_PATH=$<TARGET_FILE_DIR:ch01> -DEXPECT_RC=0
                 "-DREPORT_MATCH=\\| 1\\.1 \\|"
                 -DOUT=${driver_out}/chapter-on-path -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.cmake)
list(APPEND driver_hardening driver.report_chapter_on_path)
# A chapter that exits 1: the at-a-glance row gives its status (not "%d").
add_test(NAME driver.report_exit_status
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=${driver_data}/failing/ch01
                 -DPLOTS=${driver_plots} -DGNUPLOT= -DSEARCH_PATH= -DEXPECT_RC=1
                 "-DREPORT_MATCH=\\| 1 \\| 1 erratum \\(\\*\\*exit status 1: see below\\*\\*\\) \\|.*\\*\\*erratum\\*\\* \\(expected holds\\)"
                 -DOUT=${driver_out}/exit-status -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.cmake)
list(APPEND driver_hardening driver.report_exit_status)
if(GNUPLOT_EXECUTABLE)
  add_test(NAME driver.report_gnuplot_on_path
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                   -DPLOTS=${driver_plots} -DGNUPLOT= -DSEARCH_PATH=${gnuplot_dir} -DEXPECT_RC=0
                   "-DREPORT_MATCH=!\\[.*\\]\\(figures/ch01_output_d.png\\)"
                   -DOUT=${driver_out}/gnuplot-on-path -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.cmake)
  # A single quote in --out is passed to gnuplot doubled, as its strings need.
  add_test(NAME driver.report_quote_in_out
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                   -DPLOTS=${driver_plots} -DGNUPLOT=${GNUPLOT_EXECUTABLE} -DEXPECT_RC=0
                   "-DREPORT_MATCH=!\\[.*\\]\\(figures/ch01_output_d.png\\)"
                   "-DOUT=${driver_out}/it's here" -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_report.cmake)
  list(APPEND driver_hardening driver.report_gnuplot_on_path driver.report_quote_in_out)
endif()

# The figures are drawn at once (tools/figures.h): one that fails, and ends
# first, is that figure's failure alone; the others are drawn and listed in
# MANIFEST in the order one at a time would list them.
if(GNUPLOT_EXECUTABLE)
  add_test(NAME driver.one_figure_fails
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch03>
                   -DPLOTS=${driver_plots} -DGNUPLOT=${driver_data}/failing_gnuplot
                   -DREAL_GNUPLOT=${GNUPLOT_EXECUTABLE} -DFAIL=ch03_heatmap
                   -DOUT=${driver_out}/one-figure-fails -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_figure_fails.cmake)
  set_tests_properties(driver.one_figure_fails PROPERTIES LABELS "unit;hardening")
endif()

# ---- each run's results are that run's ---------------------------------------
# After a real ch01, a ch01 that dies of SIGSEGV before writing anything: its
# section must say it has no claims and show neither the earlier claims nor
# the earlier figures.
add_test(NAME driver.rerun_crashed_chapter
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                 -DSECOND=${driver_data}/crashing/ch01 -DPLOTS=${driver_plots}
                 -DGNUPLOT=${GNUPLOT_EXECUTABLE} -DSECOND_GNUPLOT=${GNUPLOT_EXECUTABLE} -DEXPECT_RC=1
                 "-DSTDOUT_MATCH=ch01 \\(no chapter.txt from this run\\): no claims from this run.*killed by signal 11"
                 "-DREPORT_MATCH=killed by signal 11 [^|]*see below.*No claims from this run.*ch01_output_d .*is not drawn: the chapter did not finish"
                 "-DREPORT_AVOID=\\| 1\\.1 \\||!\\[|Self-attention cannot see order"
                 "-DOUTPUT_MATCH=fake ch01: about to crash"
                 -DOUT=${driver_out}/rerun-crashed -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_rerun.cmake)
# After a run that drew every figure, a run whose gnuplot fails: no old PNG
# may stay behind while the report says the figure is missing.
add_test(NAME driver.rerun_failing_figures
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                 -DSECOND=$<TARGET_FILE:ch01> -DPLOTS=${driver_plots}
                 -DGNUPLOT=${GNUPLOT_EXECUTABLE} -DSECOND_GNUPLOT=/bin/false -DREQUIRE_FIGURES=ON -DEXPECT_RC=1
                 "-DSTDOUT_MATCH=figure ch01_output_d +MISSING: gnuplot failed"
                 "-DREPORT_MATCH=ch01_output_d .*is not drawn: gnuplot failed \\(exit 1\\)"
                 "-DREPORT_AVOID=!\\["
                 -DOUT=${driver_out}/rerun-failing -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_rerun.cmake)
set_tests_properties(driver.rerun_crashed_chapter driver.rerun_failing_figures PROPERTIES
                     SKIP_REGULAR_EXPRESSION "SKIPPED")
list(APPEND driver_hardening driver.rerun_crashed_chapter driver.rerun_failing_figures)

# ---- writes: a full disk, a full standard output ----------------------------------
if(GNUPLOT_EXECUTABLE)
  add_test(NAME driver.disk_full
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                   -DPLOTS=${driver_plots} -DGNUPLOT=${GNUPLOT_EXECUTABLE} "-DSIZES=24;48;96;160;236"
                   -DOUT=${driver_out}/disk-full -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_disk_full.cmake)
  # One chapter (--chapter) into a folder that holds a previous REPORT.md:
  # whichever step fills the disk, that REPORT.md stays as it was.
  if(NOT WORKBOOK_SANITIZE)
  add_test(NAME driver.disk_full_keeps_report
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=$<TARGET_FILE:ch01>
                   -DPLOTS=${driver_plots} -DGNUPLOT=${GNUPLOT_EXECUTABLE} "-DSIZES=24;48;96;160;236" -DPREVIOUS=ON
                   -DOUT=${driver_out}/disk-full-keeps -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_disk_full.cmake)
  set_tests_properties(driver.disk_full_keeps_report PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED")
  list(APPEND driver_hardening driver.disk_full_keeps_report)
  endif()
  set_tests_properties(driver.disk_full PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED")
  list(APPEND driver_hardening driver.disk_full)
endif()
add_test(NAME driver.stdout_full
         COMMAND sh -c "\"$1\" --out \"$2\" --plots \"$3\" \"$4\" > /dev/full; echo \"exit status $?\"" sh
                 $<TARGET_FILE:workbook_run> ${driver_out}/stdout-full ${driver_plots} $<TARGET_FILE:ch01>)
set_tests_properties(driver.stdout_full PROPERTIES
                     PASS_REGULAR_EXPRESSION "cannot write to standard output: No space left on device.*exit status 3")
add_test(NAME driver.help COMMAND workbook_run --help)
set_tests_properties(driver.help PROPERTIES PASS_REGULAR_EXPRESSION "^usage: workbook_run --out DIR")
list(APPEND driver_hardening driver.stdout_full driver.help)

# ---- signals: the child goes too, nothing temporary stays --------------------------
# ch06 with its default settings trains for about 20 s: SIGTERM lands mid-run.
# The fake gnuplot (tests/data/slow_gnuplot) waits: SIGINT lands mid-render.
add_test(NAME driver.signal_during_chapter
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_signal.sh $<TARGET_FILE:workbook_run> ${driver_plots}
                 $<TARGET_FILE:ch06> ${driver_out}/signal-chapter TERM)
add_test(NAME driver.signal_during_gnuplot
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_signal.sh $<TARGET_FILE:workbook_run> ${driver_plots}
                 $<TARGET_FILE:ch01> ${driver_out}/signal-gnuplot INT ${driver_data}/slow_gnuplot)
# One chapter (./workbook chNN), stopped while it draws: the REPORT.md of the
# run before stays whole (it is replaced only at the end of a run). These and
# the disk-full runs that keep the report are the normal suite's: the
# sanitizer suite runs the same write paths in driver.signal_* and
# driver.disk_full.
if(NOT WORKBOOK_SANITIZE)
add_test(NAME driver.signal_one_chapter_keeps_report
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_signal.sh $<TARGET_FILE:workbook_run> ${driver_plots}
                 $<TARGET_FILE:ch01> ${driver_out}/signal-one-chapter TERM ${driver_data}/slow_gnuplot one-chapter)
# A whole run stopped by SIGINT while a chapter runs: the same.
add_test(NAME driver.signal_full_run_keeps_report
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_signal.sh $<TARGET_FILE:workbook_run> ${driver_plots}
                 $<TARGET_FILE:ch01> ${driver_out}/signal-full-run INT ${driver_data}/slow_gnuplot full)
set_tests_properties(driver.signal_one_chapter_keeps_report driver.signal_full_run_keeps_report PROPERTIES TIMEOUT 60)
list(APPEND driver_hardening driver.signal_one_chapter_keeps_report driver.signal_full_run_keeps_report)
endif()
set_tests_properties(driver.signal_during_chapter driver.signal_during_gnuplot PROPERTIES TIMEOUT 60)
list(APPEND driver_hardening driver.signal_during_chapter driver.signal_during_gnuplot)

# ---- bad input: one line naming the problem, exit 2, nothing written ----------------
# name | arguments (space-separated) | stderr must match. (expect_bad_input.cmake
# puts "--out OUT" first unless the arguments name --out.)
set(ch01_program $<TARGET_FILE:ch01>)
set(driver_bad_cases
  "chapter_not_on_path|--plots ${driver_plots} ch99|chapter 'ch99': not found on PATH"
  "chapter_missing|--plots ${driver_plots} ${CMAKE_BINARY_DIR}/ch99|chapter '.*/ch99': No such file or directory"
  "chapter_not_a_chapter|--plots ${driver_plots} /bin/true|chapter '/bin/true': expected a chapter program named chNN"
  "chapter_twice|--plots ${driver_plots} ${ch01_program} ${ch01_program}|chapter '.*ch01': given more than once"
  "chapter_none|--plots ${driver_plots}|no chapter program given"
  "plots_missing|--plots /nonexistent ${ch01_program}|--plots '/nonexistent': not a folder"
  "plots_not_plots|--plots ${driver_data} ${ch01_program}|--plots '.*': it has no common.gp"
  "plots_no_value|${ch01_program} --plots|--plots: missing value"
  "out_twice|--out ${driver_out}/bad-a --out ${driver_out}/bad-b --plots ${driver_plots} ${ch01_program}|--out: given more than once"
  "out_empty|--out= --plots ${driver_plots} ${ch01_program}|--out '': expected a non-empty"
  "out_no_value|--plots ${driver_plots} ${ch01_program} --out|--out: missing value"
  "out_is_file|--out ${CMAKE_CURRENT_SOURCE_DIR}/driver.cmake/sub --plots ${driver_plots} ${ch01_program}|--out .*: cannot create the folder"
  "unknown_option|--bogus|unknown option '--bogus' \\(run workbook_run --help for the list\\)"
  "gnuplot_missing|--plots ${driver_plots} --gnuplot /nonexistent/gnuplot ${ch01_program}|--gnuplot '/nonexistent/gnuplot': No such file or directory"
  "gnuplot_not_on_path|--plots ${driver_plots} --gnuplot no-such-gnuplot ${ch01_program}|--gnuplot 'no-such-gnuplot': not found on PATH"
  "gnuplot_not_executable|--plots ${driver_plots} --gnuplot ${CMAKE_CURRENT_SOURCE_DIR}/driver.cmake ${ch01_program}|--gnuplot '.*driver.cmake': not an executable file"
  "gnuplot_empty|--plots ${driver_plots} --gnuplot= ${ch01_program}|--gnuplot '': expected a non-empty"
  "data_without_render|--plots ${driver_plots} --data ${driver_data} ${ch01_program}|--data: only for --render"
  "render_with_out|--render ${driver_data}/broken_figure.gp --data ${driver_data} --figures ${driver_out}/bad-render|--render '.*': draws one figure: it takes --data, --figures and --gnuplot, not --out"
)
workbook_badinput_cases(driver.badinput workbook_run driver_bad_names ${driver_bad_cases})
list(APPEND driver_hardening ${driver_bad_names})
# --render's own inputs.
set(driver_render_cases
  "no_figures|--render ${driver_data}/broken_figure.gp --data ${driver_data}|--render: --figures is missing"
  "missing_script|--render ${driver_data}/nope.gp --data ${driver_data} --figures FIGURES|--render '.*nope.gp': cannot read it"
  "not_a_script|--render ${driver_data} --data ${driver_data} --figures FIGURES|--render '.*': expected a gnuplot script, a file named NAME.gp"
  "missing_data|--render ${driver_data}/broken_figure.gp --data /nonexistent --figures FIGURES|--data '/nonexistent': not a folder"
  "with_chapter|--render ${driver_data}/broken_figure.gp --data ${driver_data} --figures FIGURES ${ch01_program}|takes no chapter programs"
)
foreach(case IN LISTS driver_render_cases)
  string(REPLACE "|" ";" cells "${case}")
  list(GET cells 0 name)
  list(GET cells 1 args)
  list(GET cells 2 expect)
  separate_arguments(cells UNIX_COMMAND "${args}")
  set(figures ${driver_out}/bad-render-${name})
  list(TRANSFORM cells REPLACE "^FIGURES$" "${figures}")
  add_test(NAME driver.badinput.render_${name}
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> "-DARGS=${cells}" "-DEXPECT=${expect}"
                   -DFIGURES=${figures} -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_driver_bad_render.cmake)
  set_tests_properties(driver.badinput.render_${name} PROPERTIES LABELS "badinput")
  list(APPEND driver_hardening driver.badinput.render_${name})
endforeach()

# More than 32 chapters.
set(many "")
foreach(i RANGE 1 33)
  list(APPEND many ${ch01_program})
endforeach()
workbook_badinput_test(driver.badinput.chapters_too_many workbook_run ARGS --plots ${driver_plots} ${many}
                       EXPECT "at most 32 chapters \\(this is number 33\\)")
list(APPEND driver_hardening driver.badinput.chapters_too_many)

set_property(TEST ${driver_hardening} APPEND PROPERTY LABELS hardening)

# ---- the driver under valgrind's memcheck (its children are not traced) -----------
workbook_memcheck_test(workbook_run NAME run UNIT
                       ARGS --out ${driver_out}/memcheck-run --plots ${driver_plots} $<TARGET_FILE:ch01>)
workbook_memcheck_test(workbook_run NAME crash UNIT
                       ARGS --out ${driver_out}/memcheck-crash --plots ${driver_plots} ${driver_data}/crashing/ch01)

# ---- figure options for projection: --figure-size WxH, --font-scale X -------------
# ch01_output_d sets its own 1200x540: by default it comes out at that size;
# --figure-size 1600x960 scales it by 1.6 both ways (1920x864), and
# --font-scale 1.5 draws the 13-point text at 19.5 points (PNG and SVG alike;
# the SVG shows the font size).
if(GNUPLOT_EXECUTABLE)
  foreach(case IN ITEMS "default|1200|540||" "sized|1920|864|--figure-size=1600x960 --font-scale=1.5|19.50")
    string(REPLACE "|" ";" cells "${case}")
    list(GET cells 0 name)
    list(GET cells 1 width)
    list(GET cells 2 height)
    list(GET cells 3 args)
    list(GET cells 4 font)
    set(font_arg "")
    if(font)
      set(font_arg -DSVG_FONT=${font})
    endif()
    add_test(NAME driver.render_figure_size_${name}
             COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DSCRIPT=${driver_plots}/ch01_output_d.gp
                     -DDATA=${WORKBOOK_TEST_OUT}/ch01/data -DFIGURES=${driver_out}/figure-size-${name}
                     -DWIDTH=${width} -DHEIGHT=${height} "-DARGS=${args}" ${font_arg}
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_figure_size.cmake)
    set_tests_properties(driver.render_figure_size_${name} PROPERTIES LABELS "unit" FIXTURES_REQUIRED ch01_data)
  endforeach()
endif()
set(driver_figure_option_cases
  "figure_size_narrow|--plots ${driver_plots} --figure-size 399x600 ${ch01_program}|--figure-size '399x600': expected WxH in pixels, W 400..4000 and H 300..3000"
  "figure_size_tall|--plots ${driver_plots} --figure-size 1000x3001 ${ch01_program}|--figure-size '1000x3001': expected WxH"
  "figure_size_no_height|--plots ${driver_plots} --figure-size 1600x ${ch01_program}|--figure-size '1600x': expected WxH"
  "figure_size_words|--plots ${driver_plots} --figure-size big ${ch01_program}|--figure-size 'big': expected WxH"
  "figure_size_negative|--plots ${driver_plots} --figure-size=-800x600 ${ch01_program}|--figure-size '-800x600': expected WxH"
  "figure_size_twice|--plots ${driver_plots} --figure-size 800x600 --figure-size 900x600 ${ch01_program}|--figure-size: given more than once"
  "font_scale_small|--plots ${driver_plots} --font-scale 0.4 ${ch01_program}|--font-scale '0.4': expected a number from 0.5 to 4"
  "font_scale_large|--plots ${driver_plots} --font-scale 4.5 ${ch01_program}|--font-scale '4.5': expected a number from 0.5 to 4"
  "font_scale_nan|--plots ${driver_plots} --font-scale nan ${ch01_program}|--font-scale 'nan': expected a number"
  "font_scale_empty|--plots ${driver_plots} --font-scale= ${ch01_program}|--font-scale '': expected a non-empty"
)
workbook_badinput_cases(driver.badinput workbook_run driver_figure_option_names ${driver_figure_option_cases})

# ---- figures follow the data: a chapter run with other settings is drawn with them --
# Each case: chapter | its arguments | figure | what the SVG's text must say.
if(GNUPLOT_EXECUTABLE)
  set(figure_follows_cases
    "ch05|--claim 5.5 --d 16 --positions 32 --trials 50|ch05_term4_heatmaps|d = 16, positions 0\\.\\.31 \\(ch05"
    "ch03|--claim 3.1 --d 16|ch03_heatmap|d = 16, positions 0\\.\\.99 \\(ch03"
    "ch03|--claim 3.1 --d 8|ch03_waves|dimension 6: sin"
  )
  set(n 0)
  foreach(case IN LISTS figure_follows_cases)
    string(REPLACE "|" ";" cells "${case}")
    list(GET cells 0 chapter)
    list(GET cells 1 args)
    list(GET cells 2 figure)
    list(GET cells 3 expect)
    math(EXPR n "${n} + 1")
    add_test(NAME driver.figure_follows_data_${n}_${figure}
             COMMAND ${CMAKE_COMMAND} -DCHAPTER=$<TARGET_FILE:${chapter}> "-DCHAPTER_ARGS=${args}"
                     -DDRIVER=$<TARGET_FILE:workbook_run> -DSCRIPT=${driver_plots}/${figure}.gp
                     -DOUT=${driver_out}/follows-${n} "-DEXPECT=${expect}"
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_figure_follows_data.cmake)
    set_tests_properties(driver.figure_follows_data_${n}_${figure} PROPERTIES LABELS "unit")
  endforeach()
endif()

# ---- issue 26's faults in the tools (tests/expect_tool_fault.sh) ------------------------
set(tool_fault ${CMAKE_CURRENT_SOURCE_DIR}/expect_tool_fault.sh)
add_test(NAME driver.fault.closed_stdout
         COMMAND ${tool_fault} closed_stdout ${driver_out}/closed-stdout
                 $<TARGET_FILE:workbook_run> --out ${driver_out}/closed-stdout --plots ${driver_plots} $<TARGET_FILE:ch01>)
add_test(NAME driver.fault.two_drivers
         COMMAND ${tool_fault} two_drivers ${driver_out}/two-drivers
                 $<TARGET_FILE:workbook_run> ${driver_plots} $<TARGET_FILE:ch02> $<TARGET_FILE:ch03>)
add_test(NAME workbook.fault.disk_full_status
         COMMAND ${tool_fault} workbook_disk_full ${driver_out}/workbook-disk-full ${CMAKE_SOURCE_DIR})
set_tests_properties(workbook.fault.disk_full_status PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
set_tests_properties(driver.fault.closed_stdout driver.fault.two_drivers workbook.fault.disk_full_status
                     PROPERTIES LABELS "fault;hardening")

# Heatmaps stay crisp in a browser: the SVG's images are marked pixelated
# (issue 28; ch01's 4x4 attention weights were a blur on the pages).
if(GNUPLOT_EXECUTABLE)
  add_test(NAME driver.svg_heatmap_crisp
           COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run>
                   -DSCRIPT=${driver_plots}/ch01_attention_weights.gp -DDATA=${WORKBOOK_TEST_OUT}/ch01/data
                   -DOUT=${driver_out}/svg-crisp -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_svg_crisp.cmake)
  set_tests_properties(driver.svg_heatmap_crisp PROPERTIES LABELS "unit;figure" FIXTURES_REQUIRED ch01_data)
endif()

# Every command printed with a run's options pastes back to those options
# (issue 43): REPORT.md's "Run with", the heading of a one-chapter run, a
# chapter's "Exploring:" line and ./workbook's own advice quote an argument
# that needs it for a shell (common/run/shell_words.h).
add_test(NAME driver.pasted_command
         COMMAND ${CMAKE_COMMAND} -DDRIVER=$<TARGET_FILE:workbook_run> -DCHAPTER=${driver_data}/pages/ch01
                 -DPLOTS=${driver_data}/pages/plots -DGNUPLOT=${driver_data}/pages/fake_gnuplot
                 -DCH01=$<TARGET_FILE:ch01> -DWORKBOOK=${CMAKE_SOURCE_DIR}/workbook -DOUT=${driver_out}/pasted-command
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_pasted_command.cmake)
set_tests_properties(driver.pasted_command PROPERTIES LABELS "unit")
