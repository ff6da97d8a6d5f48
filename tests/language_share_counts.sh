#!/bin/sh
# language_share_counts.sh: the language share of every Chinese output, one row an
# output (issue 41's before and after numbers):
#
#   tests/language_share_counts.sh RUN [BUILD]
#
# RUN: a ./workbook run (build/workbook): its REPORT.zh-TW.md and REPORT.zh-CN.md, its
# zh-TW and zh-CN pages and the SVG figures those pages show. BUILD (default: build/dev
# beside this script's checkout): its language_share and chapter programs, whose
# --help, default print and --evidence are counted, each chapter at the course's
# settings (chapters 0, 6 and 9 reading RUN/cache: after ./workbook nothing trains).
# The chapters write their files into a scratch folder (LANGUAGE_SHARE_SCRATCH, else
# a new one under TMPDIR), removed at the end unless it was given. LANGUAGE_SHARE: the
# checker, when BUILD has none (default BUILD/language_share).
# Columns: English words, CJK characters, English-only lines (an English word and no CJK
# character), lines with text, runs of 4 or more English words: tools/language_share.c
# counts them, with tests/language_share_allow.txt, as the tests do.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
    echo "usage: tests/language_share_counts.sh RUN [BUILD]   (RUN: a ./workbook run folder)" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
run=$(cd "$1" && pwd)
build=${2:-$here/../build/dev}
checker=${LANGUAGE_SHARE:-$build/language_share}
allow=$here/language_share_allow.txt
if [ ! -x "$checker" ]; then
    echo "language_share_counts.sh: no $checker (cmake --build $build --target language_share)" >&2
    exit 2
fi
if [ -n "${LANGUAGE_SHARE_SCRATCH:-}" ]; then
    scratch=$LANGUAGE_SHARE_SCRATCH
    mkdir -p "$scratch" || exit 2
else
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/language_share.XXXXXX") || exit 2
    trap 'rm -rf "$scratch"' EXIT
fi

row() {   # row LABEL MODE FILE...: one row of counts (a row of dashes when there is no file)
    label=$1 mode=$2
    shift 2
    if [ $# -eq 0 ]; then
        printf '%-34s %14s %14s %18s %15s %6s\n' "$label" - - - - -
        return
    fi
    "$checker" --counts --allow "$allow" --mode "$mode" "$@" |
        awk -F'\t' -v l="$label" '{ printf "%-34s %14s %14s %18s %15s %6s\n", l, $1, $2, $3, $4, $5 }'
}

chapters=""
for program in "$build"/ch[0-9][0-9]; do
    [ -x "$program" ] && chapters="$chapters ${program##*/}"
done
cache_option() {
    case $1 in ch00 | ch06 | ch09) echo "--cache $run/cache" ;; esac
}

printf '%-34s %14s %14s %18s %15s %6s\n' output "English words" "CJK characters" "English-only lines" "lines with text" runs
for lang in zh-TW zh-CN; do
    set --
    for chapter in $chapters; do
        "$build/$chapter" --lang "$lang" --help > "$scratch/$chapter.help.$lang.txt" 2>&1
        set -- "$@" "$scratch/$chapter.help.$lang.txt"
    done
    row "--help $lang (all chapters)" text "$@"
done
for lang in zh-TW zh-CN; do
    set --
    for chapter in $chapters; do
        # shellcheck disable=SC2046
        "$build/$chapter" --lang "$lang" --out "$scratch/$chapter-print-$lang" $(cache_option "$chapter") \
            > "$scratch/$chapter.print.$lang.txt" 2> "$scratch/$chapter.print.$lang.err" ||
            echo "language_share_counts.sh: $chapter --lang $lang exited $? (see $scratch)" >&2
        set -- "$@" "$scratch/$chapter.print.$lang.txt"
    done
    row "default print $lang (all chapters)" text "$@"
done
for lang in zh-TW zh-CN; do
    set --
    for chapter in $chapters; do
        # shellcheck disable=SC2046
        "$build/$chapter" --lang "$lang" --evidence --out "$scratch/$chapter-evidence-$lang" $(cache_option "$chapter") \
            > "$scratch/$chapter.evidence.$lang.txt" 2> "$scratch/$chapter.evidence.$lang.err" ||
            echo "language_share_counts.sh: $chapter --lang $lang --evidence exited $? (see $scratch)" >&2
        [ "$lang" = zh-TW ] || [ "$chapter" = ch06 ] && row "--evidence $lang $chapter" text "$scratch/$chapter.evidence.$lang.txt"
        set -- "$@" "$scratch/$chapter.evidence.$lang.txt"
    done
    row "--evidence $lang (all chapters)" text "$@"
done
for lang in zh-TW zh-CN; do
    set --
    [ -f "$run/REPORT.$lang.md" ] && set -- "$run/REPORT.$lang.md"
    row "REPORT.$lang.md" markdown "$@"
done
for lang in zh-TW zh-CN; do
    set --
    for page in "$run/$lang/"*.html; do
        [ -f "$page" ] && set -- "$@" "$page"
    done
    row "pages $lang ($# files)" html "$@"
    svgs=""
    [ $# -gt 0 ] && svgs=$(cat "$@" | tr '"' '\n' | awk '/\.svg$/ && !/^[a-z]+:/ && !seen[$0]++')
    set --
    for svg in $svgs; do
        [ -f "$run/$lang/$svg" ] && set -- "$@" "$run/$lang/$svg"
    done
    row "figures of the $lang pages ($# SVG)" svg "$@"
done
