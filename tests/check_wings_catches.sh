#!/bin/sh
# check_wings_catches.sh COMMON_DIR: check_wings.sh fails on each planted
# fault, naming the line: a model file including from run/ (upward), a words
# file including from model/ (sideways), and a base header included without
# its wing. Works on a copy; the tree is not touched.
set -u
common=${1:?usage: check_wings_catches.sh COMMON_DIR}
here=$(dirname "$0")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0
plant() {   # plant FILE LINE EXPECTED: EXPECTED must appear in the check's output, and it must fail
    rm -rf "$tmp/common" && cp -R "$common" "$tmp/common" || exit 2
    printf '%s\n' "$2" >> "$tmp/common/$1"
    out=$("$here/check_wings.sh" "$tmp/common")
    rc=$?
    if [ $rc -eq 1 ] && printf '%s\n' "$out" | grep -qF "$3"; then
        echo "caught: $1 + $2"
    else
        echo "MISSED: $1 + $2 (status $rc; expected a line with: $3)"
        printf '%s\n' "$out"
        status=1
    fi
}
plant model/layers.c '#include "run/chapter.h"' 'layers.c:'
plant words/corpus.h '#include "model/adam.h"' 'words/ may use only words base'
plant position/rope.c '#include "utf8.h"' 'name its wing (base/utf8.h)'
exit $status
