#!/bin/sh
# check_lengths.sh MAX_FILE_LINES MAX_FUNCTION_LINES FILE...: the house's
# limits (CONTRIBUTING.md, "How big"): no FILE over MAX_FILE_LINES lines, and
# no function in one over MAX_FUNCTION_LINES (0: functions are not checked).
# A function is counted from the line of its name to its closing brace: a
# line that starts (column 0) with a type and a name followed by "(" (not a
# prototype, not an initialiser), up to the next "}" at column 0 (the house's
# layout, which clang-format keeps). Prints each file or function over its
# limit as FILE:LINE: NAME, N lines; exits 1 if there is one.
set -u
max_file=${1:?usage: check_lengths.sh MAX_FILE_LINES MAX_FUNCTION_LINES FILE...}
max_function=${2:?usage: check_lengths.sh MAX_FILE_LINES MAX_FUNCTION_LINES FILE...}
shift 2
[ $# -gt 0 ] || { echo "check_lengths: no files" >&2; exit 2; }
awk -v max_file="$max_file" -v max_function="$max_function" '
FNR == 1 { if (NR > 1) end_file(); name = ""; start = 0; inbody = 0 }
# a definition begins at column 0: "type name(" (not a prototype, not a macro)
!inbody && /^[A-Za-z_][A-Za-z0-9_ \t\*]*[ \t\*][A-Za-z_][A-Za-z0-9_]*\(/ && !/;[ \t]*$/ && !/=/ {
    line = $0; sub(/\(.*/, "", line); n = split(line, words, /[ \t\*]+/)
    name = words[n]; start = FNR; inbody = 1
}
inbody && /^\}/ {
    length_lines = FNR - start + 1
    if (max_function > 0 && length_lines > max_function) {
        printf "%s:%d: %s, %d lines (the limit is %d)\n", FILENAME, start, name, length_lines, max_function
        bad = 1
    }
    inbody = 0; start = 0; name = ""
}
function end_file() {
    if (last_fnr > max_file + 0) {
        printf "%s: %d lines (the limit is %d)\n", last_name, last_fnr, max_file; bad = 1
    }
}
{ last_fnr = FNR; last_name = FILENAME }
END { end_file(); exit bad }
' "$@"
