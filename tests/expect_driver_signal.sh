#!/bin/sh
# expect_driver_signal.sh DRIVER PLOTS CHAPTER OUT SIGNAL [GNUPLOT [one-chapter]]
# Start the driver on CHAPTER, wait until its child runs (the chapter, or
# with GNUPLOT = tests/data/slow_gnuplot the fake gnuplot drawing the first
# figure), let it work for a second, then send SIGNAL (TERM, INT or HUP) to
# the driver alone. The driver must pass the signal on to the child, wait for
# it and exit with 128 + the signal's number within 20 s (a loaded machine
# needs the margin; unhandled, ch06 would run for a minute), and leave no
# temporary file and no figure under OUT. With CHAPTER = ch06 (its default settings train
# 30 models, a minute or more) the signal lands while the chapter runs.
# With "one-chapter" or "full" a first run (figures failing: gnuplot
# /bin/false) writes a REPORT.md, then the signalled run (--chapter chNN, or
# a whole run) must leave the first run's REPORT.md there, byte for byte.
set -u
driver=$1 plots=$2 chapter=$3 out=$4 sig=$5 gnuplot=${6:-} mode=${7:-}
rm -rf "$out"
mkdir -p "$out"
only=""
if [ -n "$mode" ]; then
  "$driver" --out "$out/run" --plots "$plots" --gnuplot /bin/false "$chapter" > "$out.first.log" 2>&1
  [ -f "$out/run/REPORT.md" ] || { cat "$out.first.log"; echo "FAIL: the first run wrote no REPORT.md"; exit 1; }
  cp "$out/run/REPORT.md" "$out/REPORT.before"
  [ "$mode" = one-chapter ] && only="--chapter $(basename "$chapter")"
fi
log="$out.log"
fail() { echo "FAIL: $*"; echo "--- driver output:"; cat "$log"; exit 1; }

# The children of process $1 (from /proc: no procps needed).
children_of() {
  for stat in /proc/[0-9]*/stat; do
    sed -n "s/^\([0-9]*\) (.*) [A-Za-z] $1 .*/\1/p" "$stat" 2>/dev/null
  done
}

if [ -n "$gnuplot" ]; then
  export SLOW_GNUPLOT_PIDFILE="$out.gnuplot-pid"
  rm -f "$SLOW_GNUPLOT_PIDFILE"
  "$driver" --out "$out/run" --plots "$plots" --gnuplot "$gnuplot" $only "$chapter" > "$log" 2>&1 &
else
  "$driver" --out "$out/run" --plots "$plots" $only "$chapter" > "$log" 2>&1 &
fi
pid=$!

child=""
tries=0
# (up to 60 s: the chapter runs first, and under ASan on a loaded machine ch01
# once took more than 10 s to reach its figures)
while [ -z "$child" ] && [ $tries -lt 1200 ]; do
  sleep 0.05
  tries=$((tries + 1))
  if [ -n "$gnuplot" ]; then
    [ -s "$SLOW_GNUPLOT_PIDFILE" ] && child=$(cat "$SLOW_GNUPLOT_PIDFILE")
  else
    child=$(children_of $pid | head -n 1)
  fi
done
[ -n "$child" ] || { kill -KILL $pid 2>/dev/null; fail "the driver started no child within 60 s"; }
sleep 1
kill -0 "$child" 2>/dev/null || fail "the child $child ended before the signal (too fast to test)"
kill -"$sig" $pid
# The driver must stop promptly (ch06 alone would run for a minute or more,
# the fake gnuplot for a minute): give it 20 s, room for a loaded machine.
waited=0
while kill -0 $pid 2>/dev/null && [ $waited -lt 400 ]; do
  sleep 0.05
  waited=$((waited + 1))
done
if kill -0 $pid 2>/dev/null; then
  kill -KILL $pid "$child" 2>/dev/null
  fail "the driver was still running 20 s after SIG$sig"
fi
wait $pid
rc=$?
case "$sig" in TERM) number=15 ;; INT) number=2 ;; HUP) number=1 ;; esac
expected=$((128 + number))
echo "driver $pid, child $child, SIG$sig: driver exit status $rc"
[ "$rc" -eq "$expected" ] || fail "exit status $rc, expected $expected (128 + SIG$sig)"
sleep 0.2
if kill -0 "$child" 2>/dev/null; then
  kill -KILL "$child" 2>/dev/null
  fail "the child $child survived the driver"
fi
temps=$(find "$out/run" -name '*.tmp*')
[ -z "$temps" ] || fail "temporary files left behind: $temps"
figures=$(find "$out/run" -name '*.png' -o -name '*.svg')   # the first run drew none
[ -z "$figures" ] || fail "figures written although none finished: $figures"
if [ -n "$mode" ]; then
  cmp -s "$out/REPORT.before" "$out/run/REPORT.md" || fail "REPORT.md of the first run is gone or changed"
  echo "OK: the first run's REPORT.md is there, unchanged"
fi
echo "OK: no child left, no temporary file"
