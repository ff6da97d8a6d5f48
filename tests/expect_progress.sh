#!/bin/sh
# expect_progress.sh MODE ... : the progress line of long work (common/base/progress.h)
# under a pseudo-terminal (util-linux `script`), and its absence elsewhere.
#
#   expect_progress.sh chapter PROGRAM OUT ARGS...
#       PROGRAM --out OUT/tty ARGS under a terminal must draw its progress
#       ("\rch06: 1/2 runs (50%) · ...") and leave none of it on the screen:
#       rendered as a terminal shows it (\r back to the line's start, ESC [ K
#       erases to its end), no line holds progress text, and the screen is
#       exactly what the same run writes to a file (timings aside). The run
#       with standard output and error in files writes no progress text, no
#       \r and no escape; and every file the two runs wrote is byte-identical
#       (narratives.tsv with its timings masked).
#   expect_progress.sh quiet PROGRAM OUT ARGS...
#       The run with --quiet under a terminal writes no progress text.
#   expect_progress.sh driver-line DRIVER PLOTS PROGRAM OUT ARGS...
#       A whole run of the driver (workbook_run) under a terminal, its one
#       chapter a wrapper named like PROGRAM that adds ARGS: the progress is
#       drawn after the driver's "[1/1] chNN " and erased back to it, so the
#       screen's line reads "[1/1] chNN <title>: N claims ..."; the
#       chapter's output.txt holds no progress text.
#   expect_progress.sh driver-output DRIVER PLOTS PROGRAM OUT ARGS...
#       One chapter (--chapter, as ./workbook chNN runs it) under a terminal
#       and with its output in a file: output.txt the same (timings aside),
#       without progress text; the screen the same as the file's.
#
# Exit 0 when all holds, 1 with "FAIL: ..." otherwise, 77 without `script`.
# TERM is set to xterm for the terminal's runs (ctest may run without one).
set -u
mode=$1
shift
command -v script > /dev/null 2>&1 || { echo "SKIPPED: no 'script' (util-linux, Debian's bsdutils)"; exit 77; }
ESC=$(printf '\033')
CR=$(printf '\r')
PROGRESS_TEXT='runs (\(|/s)|million words'

fail() {
  echo "FAIL: $*"
  exit 1
}

# $1 quoted for sh: 'it'\''s'.
quoted() {
  printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# Run "$@" under a pseudo-terminal; its screen's bytes into $log (stdin from /dev/null).
on_terminal() {
  log=$1
  shift
  cmd=""
  for a in "$@"; do cmd="$cmd $(quoted "$a")"; done
  TERM=xterm script -qec "$cmd" /dev/null < /dev/null > "$log" 2>&1
}

# The screen a terminal shows for the bytes of $1, line by line: \r goes back
# to the line's start, ESC [ K erases to its end, other bytes overwrite.
render() {
  LC_ALL=C awk '{
    line = $0; screen = ""; col = 0; n = length(line); i = 1
    while (i <= n) {
      c = substr(line, i, 1)
      if (c == "\r") { col = 0; i++; continue }
      if (c == "\033" && substr(line, i + 1, 2) == "[K") { screen = substr(screen, 1, col); i += 3; continue }
      screen = substr(screen, 1, col) c substr(screen, col + 2); col++; i++
    }
    print screen
  }' "$1"
}

# Timings differ between two runs: "(3.81 s)", "done in 3.5 s", "1.2 s testing",
# "N steps/s", and the driver's table's last column, "  2.1".
mask_timings() {
  sed -e 's/[0-9][0-9]*\.[0-9][0-9]* s\([^a-z]\)/N s\1/g' -e 's/[0-9][0-9]*\.[0-9][0-9]* s$/N s/' \
      -e 's/[0-9][0-9]* steps\/s/N steps\/s/g' -e 's/  *[0-9][0-9]*\.[0-9]$/ N/' "$@"
}

# $1 must hold no progress text, no \r and no escape.
clean_file() {
  if grep -aEq "$PROGRESS_TEXT" "$1" || grep -aq "$CR" "$1" || grep -aq "$ESC" "$1"; then
    echo "--- $1:"
    cat -v "$1" | head -20
    fail "$2"
  fi
}

case $mode in
chapter)
  program=$1 out=$2
  shift 2
  rm -rf "$out"
  mkdir -p "$out"
  on_terminal "$out/tty.log" "$program" --out "$out/tty" "$@"
  rc=$?
  [ $rc -le 1 ] || { cat -v "$out/tty.log"; fail "the run under a terminal exited $rc"; }
  "$program" --out "$out/file" "$@" > "$out/file.out" 2> "$out/file.err"
  rc=$?
  [ $rc -le 1 ] || { cat "$out/file.err"; fail "the run into files exited $rc"; }
  name=$(basename "$program")
  # Drawn: "\rch06: 1/2 runs (50%)" at least once (the test's run takes a few seconds: at least one drawing).
  grep -aEq "$CR$name: [0-9]+/[0-9]+ runs \([0-9]+%\)|$CR$name: [0-9.]+/[0-9.]+ million words" "$out/tty.log" ||
    { cat -v "$out/tty.log" | head -40; fail "no progress line under the terminal"; }
  # Erased: no line of the screen keeps any of it.
  render "$out/tty.log" | tr -d '\r' > "$out/tty.screen"
  if grep -aEn "$PROGRESS_TEXT" "$out/tty.screen"; then
    fail "progress text left on the screen (above: the screen's lines that keep it)"
  fi
  # Without a terminal: none of it, on either output.
  clean_file "$out/file.out" "progress text on standard output of the run without a terminal"
  clean_file "$out/file.err" "progress text on standard error of the run without a terminal"
  # The screen is what the program printed, as the file has it.
  sed "s|$out/tty|OUT|g" "$out/tty.screen" | mask_timings > "$out/tty.masked"
  sed "s|$out/file|OUT|g" "$out/file.out" "$out/file.err" | mask_timings > "$out/file.masked"
  diff "$out/file.masked" "$out/tty.masked" > "$out/screen.diff" ||
    { cat "$out/screen.diff"; fail "the terminal showed other text than the run into files printed (diff above)"; }
  # The same files, byte for byte (the narratives with their timings masked).
  n=0
  for f in "$out/file"/*; do
    base=$(basename "$f")
    [ -f "$out/tty/$base" ] || fail "$base: written without a terminal only"
    if [ "$base" = narratives.tsv ]; then
      mask_timings "$f" > "$out/n.file"
      mask_timings "$out/tty/$base" > "$out/n.tty"
      cmp -s "$out/n.file" "$out/n.tty" || fail "$base differs with and without a terminal (beyond its timings)"
    else
      cmp -s "$f" "$out/tty/$base" || fail "$base differs with and without a terminal"
    fi
    n=$((n + 1))
  done
  for f in "$out/tty"/*; do
    [ -f "$out/file/$(basename "$f")" ] || fail "$(basename "$f"): written under a terminal only"
  done
  [ $n -gt 0 ] || fail "the runs wrote no files"
  echo "progress drawn $(grep -aEo "$CR$name: " "$out/tty.log" | wc -l) times and erased; $n files identical with and without a terminal"
  ;;
quiet)
  program=$1 out=$2
  shift 2
  rm -rf "$out"
  mkdir -p "$out"
  on_terminal "$out/quiet.log" "$program" --quiet --out "$out/quiet" "$@"
  rc=$?
  [ $rc -le 1 ] || { cat -v "$out/quiet.log"; fail "the run exited $rc"; }
  if grep -aEq "$PROGRESS_TEXT" "$out/quiet.log" || grep -aq "$ESC" "$out/quiet.log"; then
    cat -v "$out/quiet.log" | head -20
    fail "progress text under the terminal with --quiet"
  fi
  echo "no progress with --quiet"
  ;;
driver-line)
  driver=$1 plots=$2 program=$3 out=$4
  shift 4
  name=$(basename "$program")
  rm -rf "$out"
  mkdir -p "$out/bin"
  # The chapter with the test's short settings, under the name the driver expects.
  {
    echo '#!/bin/sh'
    printf 'exec %s "$@"' "$(quoted "$program")"
    for a in "$@"; do printf ' %s' "$(quoted "$a")"; done
    echo
  } > "$out/bin/$name"
  chmod +x "$out/bin/$name"
  on_terminal "$out/tty.log" "$driver" --out "$out/run" --plots "$plots" --gnuplot /bin/false "$out/bin/$name"
  grep -aEq "\[1/1\] $name [0-9]+/[0-9]+ runs \([0-9]+%\)" "$out/tty.log" ||
    { cat -v "$out/tty.log" | head -40; fail "no progress line after the driver's '[1/1] $name '"; }
  render "$out/tty.log" | tr -d '\r' > "$out/tty.screen"
  if grep -aEn "$PROGRESS_TEXT" "$out/tty.screen"; then
    fail "progress text left on the screen (above)"
  fi
  grep -aEq "^\[1/1\] $name [^ ].*: [0-9]+ claims? \(" "$out/tty.screen" ||
    { cat "$out/tty.screen"; fail "the screen has no line '[1/1] $name <title>: N claims (...)'"; }
  clean_file "$out/run/$name/output.txt" "progress text in output.txt"
  grep "^\[1/1\]" "$out/tty.screen"
  ;;
driver-output)
  driver=$1 plots=$2 program=$3 out=$4
  shift 4
  name=$(basename "$program")
  rm -rf "$out"
  mkdir -p "$out"
  on_terminal "$out/tty.log" "$driver" --out "$out/tty" --plots "$plots" --gnuplot /bin/false --chapter "$name" \
    "$program" -- "$@"
  "$driver" --out "$out/file" --plots "$plots" --gnuplot /bin/false --chapter "$name" "$program" -- "$@" \
    > "$out/file.out" 2> "$out/file.err"
  grep -aEq "$CR$name: [0-9]+/[0-9]+ runs \([0-9]+%\)" "$out/tty.log" ||
    { cat -v "$out/tty.log" | head -40; fail "no progress line under the terminal"; }
  render "$out/tty.log" | tr -d '\r' > "$out/tty.screen"
  if grep -aEn "$PROGRESS_TEXT" "$out/tty.screen"; then
    fail "progress text left on the screen (above)"
  fi
  for run in tty file; do
    clean_file "$out/$run/$name/output.txt" "progress text in the $run run's output.txt"
    sed "s|$out/$run|OUT|g" "$out/$run/$name/output.txt" | mask_timings > "$out/$run.output"
  done
  diff "$out/file.output" "$out/tty.output" ||
    fail "output.txt differs with and without a terminal (beyond timings; diff above)"
  clean_file "$out/file.out" "progress text on the driver's standard output without a terminal"
  clean_file "$out/file.err" "progress text on the driver's standard error without a terminal"
  sed "s|$out/tty|OUT|g" "$out/tty.screen" | mask_timings > "$out/tty.masked"
  sed "s|$out/file|OUT|g" "$out/file.out" "$out/file.err" | mask_timings > "$out/file.masked"
  diff "$out/file.masked" "$out/tty.masked" ||
    fail "the terminal showed other text than the driver printed into files (diff above)"
  echo "output.txt and the screen the same with and without a terminal"
  ;;
*)
  fail "unknown mode '$mode'"
  ;;
esac
exit 0
