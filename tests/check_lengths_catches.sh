#!/bin/sh
# check_lengths_catches.sh: check_lengths.sh fails on a made-up file of 801
# lines and on a function of 101 lines, naming each, and passes one within both.
set -u
here=$(dirname "$0")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# a 101-line function (name line, 99 body lines, closing brace), then filler to 801 lines
{
    echo 'static int long_function(int x) {'
    i=0; while [ $i -lt 99 ]; do echo '    x += 1;'; i=$((i + 1)); done
    echo '}'
    i=101; while [ $i -lt 801 ]; do echo '// filler'; i=$((i + 1)); done
} > "$tmp/long.c"
head -n 99 "$tmp/long.c" > "$tmp/short.c" && echo "}" >> "$tmp/short.c"   # a 100-line function
status=0
out=$("$here/check_lengths.sh" 800 100 "$tmp/long.c"); rc=$?
printf '%s\n' "$out"
if [ $rc -ne 1 ] || ! printf '%s\n' "$out" | grep -q 'long.c: 801 lines' ||
   ! printf '%s\n' "$out" | grep -q 'long.c:1: long_function, 101 lines'; then
    echo "MISSED: the 801-line file or the 101-line function (status $rc)"; status=1
fi
if ! "$here/check_lengths.sh" 800 100 "$tmp/short.c"; then
    echo "WRONG: a 100-line function in a 100-line file was refused"; status=1
fi
[ $status -eq 0 ] && echo "caught both; passed the one within the limits"
exit $status
