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
# checker, when BUILD has none (default BUILD/language_share). LANGUAGE_SHARE_OUTPUTS: a
# folder of the chapters' outputs written before (chNN.help.LANG.txt, chNN.print.LANG.txt,
# chNN.evidence.LANG.txt, as the scratch folder keeps them): counted instead of running
# the chapters (numbers of an earlier build).
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
outputs=${LANGUAGE_SHARE_OUTPUTS:-$scratch}
# output CHAPTER KIND LANG: the chapter's help, print or evidence in LANG, written into the
# scratch folder (unless LANGUAGE_SHARE_OUTPUTS holds it); its file's name on stdout
output() {
    file=$outputs/$1.$2.$3.txt
    if [ -z "${LANGUAGE_SHARE_OUTPUTS:-}" ]; then
        case $2 in
        help) "$build/$1" --lang "$3" --help > "$file" 2>&1 ;;
        # shellcheck disable=SC2046
        print) "$build/$1" --lang "$3" --out "$scratch/$1-$2-$3" $(cache_option "$1") > "$file" 2> "$file.err" ;;
        # shellcheck disable=SC2046
        evidence) "$build/$1" --lang "$3" --evidence --out "$scratch/$1-$2-$3" $(cache_option "$1") > "$file" 2> "$file.err" ;;
        esac || echo "language_share_counts.sh: $1 --lang $3 ($2) exited $? (see $scratch)" >&2
    fi
    echo "$file"
}
for kind in help print evidence; do
    for lang in zh-TW zh-CN; do
        set --
        for chapter in $chapters; do
            file=$(output "$chapter" "$kind" "$lang")
            if [ "$kind" = evidence ] && { [ "$lang" = zh-TW ] || [ "$chapter" = ch06 ]; }; then
                row "--evidence $lang $chapter" text "$file"
            fi
            set -- "$@" "$file"
        done
        case $kind in
        help) row "--help $lang (all chapters)" text "$@" ;;
        print) row "default print $lang (all chapters)" text "$@" ;;
        evidence) row "--evidence $lang (all chapters)" text "$@" ;;
        esac
    done
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
