#!/usr/bin/env bash
# expect_tool_fault.sh CASE DIR ARGS...: the tools (workbook_run,
# workbook_pages, ./workbook) meet a fault and end as promised.
#   closed_stdout DIR PROGRAM ARGS...  standard output closed: status 3, one line
#                    'standard output is closed', nothing written into DIR
#   two_drivers DIR DRIVER PLOTS CH02 CH03: `--chapter ch03 -- --d 16 --claim 3.2` and
#                    `--chapter ch02 -- --d 16 --claim 2.2` started together into DIR (three
#                    tries): REPORT.md's two sections each name their own run's
#                    settings (each driver waits for the folder)
#   pages_link DIR PAGES PLOTS ASSETS: DIR/assets is a link to a folder outside
#                    DIR holding x, and PAGES_MANIFEST lists assets/x: the
#                    pages refuse (status 2, one line) and x is still there
#   workbook_disk_full DIR SOURCE: `WORKBOOK_OUT=DIR/tiny SOURCE/workbook ch03` on
#                    a 4 KiB tmpfs exits 3 (the driver's status, not the build tool's 1);
#                    skipped (77) without root or without a release build
set -uo pipefail
case_name=$1 dir=$2
shift 2
fail() { echo "expect_tool_fault $case_name: FAILED: $*"; [ -f "$dir.err" ] && sed 's/^/  stderr: /' "$dir.err"; exit 1; }
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
case "$case_name" in
  closed_stdout)
    "$@" >&- 2>"$dir.err"
    status=$?
    [ $status -eq 3 ] || fail "exit status $status, expected 3"
    grep -q 'standard output is closed' "$dir.err" || fail "stderr does not say standard output is closed"
    [ ! -e "$dir" ] || fail "wrote into $dir" ;;
  two_drivers)
    driver=$1 plots=$2 ch02=$3 ch03=$4
    for try in 1 2 3; do
      rm -rf "$dir"
      "$driver" --out "$dir" --plots "$plots" --gnuplot /bin/false --chapter ch03 "$ch02" "$ch03" -- --d 16 --claim 3.2 \
        >/dev/null 2>"$dir.err" &
      a=$!
      "$driver" --out "$dir" --plots "$plots" --gnuplot /bin/false --chapter ch02 "$ch02" "$ch03" -- --d 16 --claim 2.2 \
        >/dev/null 2>>"$dir.err" &
      b=$!
      wait $a
      wait $b
      [ -f "$dir/REPORT.md" ] || fail "try $try: no REPORT.md"
      grep -q 'Run with `./workbook ch02 --d 16 --claim 2.2`' "$dir/REPORT.md" || fail "try $try: ch02's section lost its settings"
      grep -q 'Run with `./workbook ch03 --d 16 --claim 3.2`' "$dir/REPORT.md" || fail "try $try: ch03's section lost its settings"
    done ;;
  pages_link)
    pages=$1 plots=$2 assets=$3
    mkdir -p "$dir/run" "$dir.outside"
    echo "not the workbook's" >"$dir.outside/x"
    ln -s "$dir.outside" "$dir/run/assets"
    printf 'assets/x\n' >"$dir/run/PAGES_MANIFEST"
    printf '# The files workbook_run wrote here\n' >"$dir/run/MANIFEST"
    "$pages" --out "$dir/run" --plots "$plots" --assets "$assets" >/dev/null 2>"$dir.err"
    status=$?
    [ $status -eq 2 ] || fail "exit status $status, expected 2"
    grep -q 'never written through a link' "$dir.err" || fail "stderr does not name the link"
    [ -f "$dir.outside/x" ] || fail "a file outside --out was removed through the link" ;;
  workbook_disk_full)
    source=$1
    [ "$(id -u)" = 0 ] || { echo "SKIPPED: needs root to mount a tmpfs"; exit 77; }
    [ -x "$source/build/release/workbook_run" ] || { echo "SKIPPED: no release build (run ./workbook first)"; exit 77; }
    mkdir -p "$dir/tiny"
    mount -t tmpfs -o size=4k tmpfs "$dir/tiny" || { echo "SKIPPED: cannot mount a tmpfs here"; exit 77; }
    WORKBOOK_OUT="$dir/tiny/run" "$source/workbook" ch03 >"$dir.out" 2>"$dir.err"   # (one chapter: the status passes through the same way)
    status=$?
    umount "$dir/tiny"
    [ $status -eq 3 ] || { cat "$dir.out"; fail "exit status $status, expected 3 (the driver's: a write failed)"; } ;;
  *) echo "expect_tool_fault: unknown case '$case_name'" >&2; exit 2 ;;
esac
echo "expect_tool_fault $case_name: ok"
