#!/bin/sh
# check_wings.sh COMMON_DIR: the common library's wings include only from
# themselves and the wings below them (CONTRIBUTING.md, "The common library"):
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
allowed() {
    case $1 in
        run) echo "run model words position base" ;;
        model) echo "model position base" ;;
        words) echo "words base" ;;
        position) echo "position base" ;;
        base) echo "base" ;;
        *) echo "" ;;
    esac
}
bad=0
checked=0
for file in "$common"/*/*.c "$common"/*/*.h; do
    [ -e "$file" ] || continue
    wing=$(basename "$(dirname "$file")")
    may=$(allowed "$wing")
    if [ -z "$may" ]; then
        echo "$file: $wing/ is not one of the wings (run, model, words, position, base)"
        bad=1
        continue
    fi
    checked=$((checked + 1))
    # each quoted include, with its line number: NUMBER:NAME
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" |
        sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1:\2/' > "${TMPDIR:-/tmp}/check_wings.$$"
    while IFS=: read -r line name; do
        case $name in
            */*)
                target=${name%%/*}
                ok=0
                for w in $may; do [ "$w" = "$target" ] && ok=1; done
                if [ $ok -eq 0 ]; then
                    echo "$file:$line: #include \"$name\": $wing/ may use only $may"
                    bad=1
                fi ;;
            *)
                # a generated header (code_key.h) is not in any wing: fine
                for w in "$common"/*/; do
                    if [ -e "$w$name" ]; then
                        echo "$file:$line: #include \"$name\": name its wing ($(basename "$w")/$name)"
                        bad=1
                    fi
                done ;;
        esac
    done < "${TMPDIR:-/tmp}/check_wings.$$"
    rm -f "${TMPDIR:-/tmp}/check_wings.$$"
done
[ $checked -gt 0 ] || { echo "check_wings: no sources under $common/*/" >&2; exit 2; }
[ $bad -eq 0 ] && echo "check_wings: $checked files, every include from its own wing or one below"
exit $bad
