# claims_tsv.cmake: read one cell of a chapter run's claims.tsv by the
# column's name (common/run/claims_tsv.h defines the columns; the header row names
# them), for the CTest scripts that check rows.
#   claims_tsv_cell(TEXT ID COLUMN VAR): VAR = the COLUMN cell of claim ID's
#   row in TEXT (the file's contents); FATAL_ERROR if the column or the row is
#   not there.
# Rows are matched with a regex, not split into CMake lists: findings may
# hold ';' and brackets, which lists would split.
function(claims_tsv_cell text id column var)
  string(REGEX MATCH "^[^\n]*" header "${text}")
  string(REPLACE "\t" ";" columns "${header}")
  list(FIND columns id index_id)
  list(FIND columns ${column} index_wanted)
  if(index_id LESS 0 OR index_wanted LESS 0)
    message(FATAL_ERROR "claims.tsv: the header row has no column 'id' or '${column}'")
  endif()
  list(LENGTH columns n)
  math(EXPR last "${n} - 1")
  string(REPLACE "." "\\." id_regex "${id}")
  set(row_regex "\n")
  foreach(k RANGE ${last})
    if(k GREATER 0)
      string(APPEND row_regex "\t")
    endif()
    if(k EQUAL index_id AND k EQUAL index_wanted)
      string(APPEND row_regex "(${id_regex})")
    elseif(k EQUAL index_id)
      string(APPEND row_regex "${id_regex}")
    elseif(k EQUAL index_wanted)
      string(APPEND row_regex "([^\t\n]*)")
    else()
      string(APPEND row_regex "[^\t\n]*")
    endif()
  endforeach()
  string(APPEND row_regex "(\n|$)")
  if(NOT "\n${text}" MATCHES "${row_regex}")
    message(FATAL_ERROR "claims.tsv has no row for claim ${id}")
  endif()
  set(${var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()
