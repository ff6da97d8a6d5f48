# expect_driver_disk_full.cmake: run the driver (DRIVER) on one chapter
# (CHAPTER) with gnuplot (GNUPLOT) into a tiny tmpfs, once for each size in
# SIZES (KiB), each too small for the run, so the disk fills at a different
# step: in the chapter's data, in output.txt, in a PNG, in an SVG. Each run
# must
#   - exit with status 3 and say "No space left" on stderr;
#   - leave no temporary file (no name containing ".tmp");
#   - leave only complete files under the driver's names: every PNG ends
#     with its IEND chunk, every SVG with </svg>, output.txt is the whole
#     narrative (the same text as a run on a roomy disk, but for the
#     seconds it prints), and
#     a REPORT.md (there should be none: the run stops) names every figure;
#   - have said "drawn" only for figures whose PNG and SVG are both there;
#   - list in MANIFEST every driver file that is there.
# Needs root to mount; prints SKIPPED otherwise.
cmake_policy(SET CMP0057 NEW)   # if(... IN_LIST ...)
set(mnt ${OUT}/tiny)
execute_process(COMMAND umount ${mnt} OUTPUT_QUIET ERROR_QUIET)   # left over from an interrupted run
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${mnt})
execute_process(COMMAND mount -t tmpfs -o size=16k tmpfs ${mnt} RESULT_VARIABLE mounted ERROR_QUIET)
if(NOT mounted EQUAL 0)
  message("SKIPPED: cannot mount a tmpfs here (not root?)")
  return()
endif()
execute_process(COMMAND umount ${mnt})

# The reference: the same run on the build's disk, into the same path (the
# narrative names its folder), before anything is mounted there.
execute_process(COMMAND ${DRIVER} --out ${mnt}/run --plots ${PLOTS} --gnuplot ${GNUPLOT} ${CHAPTER}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the reference run exited ${rc}")
endif()
get_filename_component(name ${CHAPTER} NAME)
file(READ ${mnt}/run/${name}/output.txt reference_output)
# The narrative prints its running time ("(0.03 s)"): that may differ.
string(REGEX REPLACE "[0-9]+\\.[0-9]+ s\\)" "T s)" reference_output "${reference_output}")
file(GLOB reference_figures RELATIVE ${mnt}/run/figures ${mnt}/run/figures/*.png)
file(REMOVE_RECURSE ${mnt}/run)

set(problems "")
foreach(size IN LISTS SIZES)
  execute_process(COMMAND mount -t tmpfs -o size=${size}k tmpfs ${mnt})
  set(run ${mnt}/run)
  execute_process(COMMAND ${DRIVER} --out ${run} --plots ${PLOTS} --gnuplot ${GNUPLOT} ${CHAPTER}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  file(GLOB_RECURSE left RELATIVE ${run} LIST_DIRECTORIES false ${run}/*)
  file(GLOB_RECURSE hidden RELATIVE ${run} LIST_DIRECTORIES false ${run}/.* ${run}/*/.*)
  list(APPEND left ${hidden})
  message("== ${size} KiB: exit ${rc}\nstdout: ${out}\nstderr: ${err}\nfiles: ${left}")
  set(p "")
  if(NOT rc EQUAL 3)
    string(APPEND p "exit status ${rc}, expected 3; ")
  endif()
  if(NOT err MATCHES "No space left")
    string(APPEND p "stderr does not say the disk is full; ")
  endif()
  set(manifest "")
  if(EXISTS ${run}/MANIFEST)
    file(STRINGS ${run}/MANIFEST manifest)
  endif()
  foreach(f IN LISTS left)
    if(f MATCHES "\\.tmp")
      string(APPEND p "temporary file ${f} left behind; ")
    endif()
    set(driver_file FALSE)
    if(f MATCHES "\\.png$")
      set(driver_file TRUE)
      file(SIZE ${run}/${f} bytes)
      math(EXPR tail "${bytes} - 8")
      file(READ ${run}/${f} end OFFSET ${tail} HEX)
      if(NOT end STREQUAL "49454e44ae426082")
        string(APPEND p "${f} (${bytes} bytes) does not end with IEND: cut short; ")
      endif()
    elseif(f MATCHES "\\.svg$")
      set(driver_file TRUE)
      file(READ ${run}/${f} text)
      if(NOT text MATCHES "</svg>[ \n\r\t]*$")
        string(APPEND p "${f} does not end with </svg>: cut short; ")
      endif()
    elseif(f MATCHES "/output\\.txt$")
      set(driver_file TRUE)
      file(READ ${run}/${f} text)
      string(REGEX REPLACE "[0-9]+\\.[0-9]+ s\\)" "T s)" text "${text}")
      if(NOT text STREQUAL reference_output)
        string(LENGTH "${text}" have)
        string(LENGTH "${reference_output}" want)
        string(APPEND p "${f} has ${have} characters, the whole narrative has ${want}; ")
      endif()
    elseif(f STREQUAL "REPORT.md")
      set(driver_file TRUE)
      file(READ ${run}/${f} text)
      foreach(fig IN LISTS reference_figures)
        string(REPLACE ".png" "" fig ${fig})
        if(NOT text MATCHES "${fig}")
          string(APPEND p "REPORT.md does not name ${fig}: cut short; ")
        endif()
      endforeach()
    endif()
    if(driver_file AND NOT f IN_LIST manifest)
      string(APPEND p "${f} is not listed in MANIFEST; ")
    endif()
  endforeach()
  string(REGEX MATCHALL "figure [a-z0-9_]+ +drawn" drawn "${out}")
  foreach(line IN LISTS drawn)
    string(REGEX REPLACE "figure ([a-z0-9_]+) .*" "\\1" fig "${line}")
    if(NOT EXISTS ${run}/figures/${fig}.png OR NOT EXISTS ${run}/figures/${fig}.svg)
      string(APPEND p "${fig} was reported drawn but its PNG or SVG is not there; ")
    endif()
  endforeach()
  execute_process(COMMAND umount ${mnt})
  if(p)
    string(APPEND problems "${size} KiB: ${p}\n")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
