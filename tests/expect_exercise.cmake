# expect_exercise.cmake: one exercise's test. The row of FILE (exercises/chNN.tsv)
# whose id is ID gives the chapter's options, the answer text, a check and a
# value. The check names what the run computes (several checks, and as many
# values, are joined by " && "):
#   claim:ID:FIELD   claims.tsv's row ID, FIELD = verdict, measured or document
#   output:REGEX     the chapter's standard output, the first () group of REGEX
#   data:FILE:REGEX  the data file FILE of the run, the first () group of REGEX
# With -DREUSE=DIR the run is not repeated: DIR holds the run of an earlier
# exercise with the same options (and its standard output, exercise-stdout.txt).
# The run must exit 0 (other settings than the course's are exploring: a
# verdict that differs is a finding, not a failure) with the lesson's words
# for every verdict it reached, the computed text must equal the value, and
# the answer must contain the value.
file(READ ${FILE} text)
string(REPLACE "." "\\." id_regex "${ID}")
set(cell "([^\t\n]*)")
if(NOT text MATCHES "(^|\n)${id_regex}\t${cell}\t${cell}\t${cell}\t${cell}\t${cell}(\n|$)")
  message(FATAL_ERROR "exercise ${ID}: no row of six tab-separated fields in ${FILE}")
endif()
set(options "${CMAKE_MATCH_3}")
set(answer "${CMAKE_MATCH_4}")
set(check "${CMAKE_MATCH_5}")
set(value "${CMAKE_MATCH_6}")
separate_arguments(args UNIX_COMMAND "${options}")
if(REUSE)
  # An earlier exercise of the chapter ran exactly these options (exercises.cmake
  # makes it this test's fixture): read its run instead of training again.
  set(OUT ${REUSE})
  if(NOT EXISTS ${OUT}/exercise-stdout.txt)
    message(FATAL_ERROR "exercise ${ID}: ${OUT}/exercise-stdout.txt is missing (the exercise that runs '${options}' failed)")
  endif()
  file(READ ${OUT}/exercise-stdout.txt out)
else()
  file(REMOVE_RECURSE ${OUT})
  execute_process(COMMAND ${PROGRAM} ${args} --out ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message("${out}${err}")
    message(FATAL_ERROR "exercise ${ID}: '${options}' exited with status ${rc}, expected 0")
  endif()
  file(WRITE ${OUT}/exercise-stdout.txt "${out}")
  # The lessons' words must fit the exercise's numbers too: a verdict the
  # lesson has no words for (or a number it cannot fill in) is said on stderr.
  if(err MATCHES "has no words for the verdict|internal error: the lesson")
    message(FATAL_ERROR "exercise ${ID}: '${options}': ${err}")
  endif()
endif()
string(REPLACE " && " ";" checks "${check}")
string(REPLACE " && " ";" values "${value}")
list(LENGTH checks n_checks)
list(LENGTH values n_values)
if(NOT n_checks EQUAL n_values)
  message(FATAL_ERROR "exercise ${ID}: ${n_checks} checks but ${n_values} values")
endif()
math(EXPR last "${n_checks} - 1")
foreach(k RANGE ${last})
list(GET checks ${k} check)
list(GET values ${k} value)
if(check MATCHES "^claim:([^:]+):(verdict|measured|document)$")
  set(claim "${CMAKE_MATCH_1}")
  set(field "${CMAKE_MATCH_2}")
  file(READ ${OUT}/claims.tsv tsv)
  include(${CMAKE_CURRENT_LIST_DIR}/claims_tsv.cmake)
  claims_tsv_cell("${tsv}" ${claim} ${field} computed)
elseif(check MATCHES "^output:(.+)$")
  set(regex "${CMAKE_MATCH_1}")
  if(NOT out MATCHES "${regex}")
    message("${out}")
    message(FATAL_ERROR "exercise ${ID}: the output does not match '${regex}'")
  endif()
  set(computed "${CMAKE_MATCH_1}")
elseif(check MATCHES "^data:([^:]+):(.+)$")
  set(regex "${CMAKE_MATCH_2}")
  file(READ ${OUT}/${CMAKE_MATCH_1} data)
  if(NOT data MATCHES "${regex}")
    message(FATAL_ERROR "exercise ${ID}: the data file does not match '${regex}'")
  endif()
  set(computed "${CMAKE_MATCH_1}")
else()
  message(FATAL_ERROR "exercise ${ID}: unknown check '${check}' (expected claim:ID:FIELD, output:REGEX or data:FILE:REGEX)")
endif()
message("exercise ${ID}: ${options}: ${check} = '${computed}', the answer says '${value}'")
if(NOT computed STREQUAL value)
  message(FATAL_ERROR "exercise ${ID}: the run computes '${computed}', the answer's value is '${value}': update the answer")
endif()
# The value must stand as a whole number or phrase in the answer: not as
# part of a longer number ("3" is not found in "43" or "3.5").
string(REGEX REPLACE "([][.*+?^$()|\\])" "\\\\\\1" value_regex "${value}")
if(NOT " ${answer} " MATCHES "[^0-9.]${value_regex}([^0-9.]|[.][^0-9])")
  message(FATAL_ERROR "exercise ${ID}: the answer text does not contain its value '${value}' (as a whole)")
endif()
endforeach()
