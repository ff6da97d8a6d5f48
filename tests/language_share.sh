#!/bin/sh
# language_share.sh: the language-share tests' steps (tests/language_share.cmake);
# the checker is tools/language_share.c. POSIX sh and awk only.
#
#   language_share.sh expect CHECKER STATUS LINES -- ARG...
#       runs CHECKER ARG...; passes when it exits STATUS and reports runs on
#       exactly LINES (comma-separated line numbers, '-' for none)
#   language_share.sh program CHECKER ALLOW OUT -- PROGRAM ARG...
#       runs PROGRAM ARG... (it must exit 0), keeps its standard output in OUT
#       and checks it as plain text
#   language_share.sh file CHECKER ALLOW FILE
#       checks FILE, a program's standard output another test kept (it must
#       exist), as plain text
#   language_share.sh run CHECKER ALLOW KIND LANG RUN
#       checks what a ./workbook run in the folder RUN wrote in LANG: KIND
#       report (RUN/REPORT.LANG.md), pages (RUN/LANG/*.html) or figures (the
#       SVG files those pages show); exit 77 (skipped) when RUN has none
#   language_share.sh reintroduced CHECKER ALLOW OUT PROGRAM LANG ARG...
#       the demonstration: PROGRAM's default print in LANG passes; the same
#       print with the English print's first verdict sentence put back under
#       its verdict (a sentence a translation replaced, reintroduced) fails,
#       on that line
set -u
what=$1
shift

case $what in
expect)
    checker=$1 status=$2 lines=$3
    shift 4
    out=$("$checker" "$@")
    got=$?
    printf '%s\n' "$out"
    reported=$(printf '%s\n' "$out" | awk -F: '/^[^:]*:[0-9]+: [0-9]+ English words: / { printf "%s%s", sep, $2; sep = "," }')
    [ -n "$reported" ] || reported=-
    if [ "$got" -ne "$status" ]; then
        echo "FAILED: exit status $got, expected $status"
        exit 1
    fi
    if [ "$reported" != "$lines" ]; then
        echo "FAILED: runs reported on lines $reported, expected $lines"
        exit 1
    fi
    echo "as expected: exit $got, runs on lines $lines"
    ;;
program)
    checker=$1 allow=$2 out=$3
    shift 4
    mkdir -p "$(dirname "$out")" || exit 1
    "$@" > "$out"
    got=$?
    if [ "$got" -ne 0 ]; then
        echo "FAILED: $* exited $got"
        exit 1
    fi
    exec "$checker" --allow "$allow" --mode text "$out"
    ;;
file)
    checker=$1 allow=$2 file=$3
    if [ ! -s "$file" ]; then
        echo "FAILED: no $file (the test that prints it did not run, or failed)"
        exit 1
    fi
    exec "$checker" --allow "$allow" --mode text "$file"
    ;;
run)
    checker=$1 allow=$2 kind=$3 lang=$4 run=$5
    case $kind in
    report)
        if [ ! -f "$run/REPORT.$lang.md" ]; then
            echo "SKIPPED: no $run/REPORT.$lang.md (./workbook writes it)"
            exit 77
        fi
        exec "$checker" --allow "$allow" --mode markdown "$run/REPORT.$lang.md"
        ;;
    pages | figures)
        if ! ls "$run/$lang/"*.html > /dev/null 2>&1; then
            echo "SKIPPED: no pages in $run/$lang (./workbook writes them)"
            exit 77
        fi
        if [ "$kind" = pages ]; then
            exec "$checker" --allow "$allow" --mode html "$run/$lang/"*.html
        fi
        # the figures the pages show: each SVG an img or a link names, once
        svgs=$(cat "$run/$lang/"*.html | tr '"' '\n' | awk '/\.svg$/ && !/^[a-z]+:/ && !seen[$0]++')
        if [ -z "$svgs" ]; then
            echo "SKIPPED: the pages in $run/$lang show no SVG figure (no gnuplot when they were made?)"
            exit 77
        fi
        set --
        for svg in $svgs; do
            if [ ! -f "$run/$lang/$svg" ]; then
                echo "FAILED: $run/$lang/$svg, which a page shows, is missing"
                exit 1
            fi
            set -- "$@" "$run/$lang/$svg"
        done
        exec "$checker" --allow "$allow" --mode svg "$@"
        ;;
    *)
        echo "language_share.sh: unknown kind '$kind'" >&2
        exit 2
        ;;
    esac
    ;;
reintroduced)
    checker=$1 allow=$2 out=$3 program=$4 lang=$5
    shift 5
    rm -rf "$out" && mkdir -p "$out" || exit 1
    "$program" --lang "$lang" --out "$out/run-$lang" "$@" > "$out/print.$lang.txt" &&
        "$program" --lang en --out "$out/run-en" "$@" > "$out/print.en.txt" || {
        echo "FAILED: $program did not run"
        exit 1
    }
    echo "== the $lang print as it is:"
    "$checker" --allow "$allow" --mode text "$out/print.$lang.txt" || {
        echo "FAILED: the $lang print has a run of English already: the demonstration needs a clean one"
        exit 1
    }
    sentence=$(awk '/^=> / { sub(/^=> /, ""); print; exit }' "$out/print.en.txt")
    [ -n "$sentence" ] || {
        echo "FAILED: no verdict sentence ('=> ...') in the English print"
        exit 1
    }
    awk -v s="$sentence" '{ print } /^=> / && !done { print s; line = NR + 1; done = 1 }
                          END { if (line) print line > "/dev/stderr" }' "$out/print.$lang.txt" \
        > "$out/reintroduced.$lang.txt" 2> "$out/line" || exit 1
    line=$(cat "$out/line")
    echo "== the same print with the English verdict put back on line $line: $sentence"
    "$checker" --allow "$allow" --mode text "$out/reintroduced.$lang.txt"
    got=$?
    if [ "$got" -ne 1 ]; then
        echo "FAILED: the reintroduced sentence was not caught (exit $got)"
        exit 1
    fi
    if ! "$checker" --allow "$allow" --mode text "$out/reintroduced.$lang.txt" | grep -qF "$out/reintroduced.$lang.txt:$line: "; then
        echo "FAILED: the run was not reported on line $line"
        exit 1
    fi
    echo "caught: line $line"
    ;;
*)
    echo "language_share.sh: unknown step '$what'" >&2
    exit 2
    ;;
esac
