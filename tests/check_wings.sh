#!/bin/sh
# check_wings.sh COMMON_DIR: the common library's wings include only from
# themselves and the wings below them (CONTRIBUTING.md, "`common/`, in wings"):
#
#   run       may include  run, model, words, position, base
#   model     may include  model, position, base
#   words     may include  words, base
#   position  may include  position, base
#   base      may include  base
#
# Every include of a common header names its wing ("base/buf.h"), so the
# check reads the include lines alone. A header of the library included
# without its wing ("buf.h") fails too: the wing could not be checked.
# Prints each offending line as FILE:LINE: the include, and what the wing may
# use; exits 1 if there is one, 0 if there is none.
set -u
common=${1:?usage: check_wings.sh COMMON_DIR}
[ -d "$common/base" ] || { echo "check_wings: $common has no base/ wing" >&2; exit 2; }
# One awk pass over every file: FILENAME's wing is the folder above it.
ls "$common"/*/*.c "$common"/*/*.h > /dev/null 2>&1 ||
    { echo "check_wings: no sources under $common/*/" >&2; exit 2; }
headers=$(cd "$common" && ls */*.h | tr '\n' ' ')   # "base/buf.h ...": the library's headers
awk -v headers="$headers" '
BEGIN {
    may["run"] = "run model words position base"
    may["model"] = "model position base"
    may["words"] = "words base"
    may["position"] = "position base"
    may["base"] = "base"
    n = split(headers, list, " ")
    for (i = 1; i <= n; i++) { short = list[i]; sub(/^[^\/]*\//, "", short); wing_of[short] = list[i] }
}
FNR == 1 {
    files++
    wing = FILENAME; sub(/\/[^\/]*$/, "", wing); sub(/^.*\//, "", wing)
    if (!(wing in may)) { printf "%s: %s/ is not one of the wings (run, model, words, position, base)\n", FILENAME, wing; bad = 1 }
}
/^[ \t]*#[ \t]*include[ \t]*"/ && (wing in may) {
    name = $0; sub(/^[^"]*"/, "", name); sub(/".*$/, "", name)
    if (name ~ /\//) {
        target = name; sub(/\/.*$/, "", target)
        if (index(" " may[wing] " ", " " target " ") == 0) {
            printf "%s:%d: #include \"%s\": %s/ may use only %s\n", FILENAME, FNR, name, wing, may[wing]; bad = 1
        }
    } else if (name in wing_of) {
        # a generated header (code_key.h) is in no wing: fine
        printf "%s:%d: #include \"%s\": name its wing (%s)\n", FILENAME, FNR, name, wing_of[name]; bad = 1
    }
}
END {
    if (!bad) printf "check_wings: %d files, every include from its own wing or one below\n", files
    exit bad
}' "$common"/*/*.c "$common"/*/*.h
