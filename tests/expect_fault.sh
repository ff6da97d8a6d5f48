#!/usr/bin/env bash
# expect_fault.sh CASE PROGRAM DIR [ARGS...]: a chapter meets a fault it does
# not control and must end cleanly (common/faults.h). Each case checks the
# exit status, the one line on stderr, and that no temporary file
# (.NAME.tmp.PID) is left in DIR.
#
#   out_of_memory   under `ulimit -v` (20 MB): status 4, "out of memory" or
#                   "a library aborted"
#   stdout_full     standard output is /dev/full: status 3, "standard output"
#   help_full       --help into /dev/full: status 3
#   file_size       under `ulimit -f` (8 KiB): status 3, "file-size limit"
#   signal          SIGTERM a second after the start: killed by SIGTERM (143),
#                   no temporary file, no process left writing
#   one_run         run twice into DIR with other settings and one claim: only
#                   the second run's files remain (MANIFEST), a file the
#                   workbook did not write survives
#   long_out        a 4070-character --out: status 2, nothing created
#   closed_stdout   standard output closed (>&-): status 3, one line, nothing written
#   closed_pipe     standard output a pipe whose reader leaves after one line:
#                   status 3, one line (not 141, death by SIGPIPE)
#   two_runs        two runs with other settings started together into DIR:
#                   DIR ends as one whole run (each file as that run alone wrote it)
#   memory_estimate the chapter prints "buffers of about N MB" (--verbose); run again under
#                   `ulimit -v` of N + 256 MB (libraries, stacks, BLAS), it must
#                   pass: the estimate behind its memory bound is not too low
set -uo pipefail
case_name=$1 program=$2 dir=$3
shift 3

fail() { echo "expect_fault $case_name: FAILED: $*"; [ -f "$dir.err" ] && sed 's/^/  stderr: /' "$dir.err"; exit 1; }
no_temporaries() {
  local left
  left=$(find "$dir" -name '.*.tmp.*' 2>/dev/null | head -n 3)
  [ -z "$left" ] || fail "temporary files left: $left"
}
expect_status() {  # expect_status WANT GOT
  [ "$2" -eq "$1" ] || fail "exit status $2, expected $1"
}
expect_one_line() {  # expect_one_line REGEX
  local n
  n=$(grep -c . "$dir.err")
  [ "$n" -ge 1 ] || fail "nothing on stderr"
  grep -Eq "$1" "$dir.err" || fail "stderr does not match '$1'"
}

rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
case "$case_name" in
  out_of_memory)
    (ulimit -v 20000; exec "$program" --quiet --out "$dir" "$@") >/dev/null 2>"$dir.err"
    status=$?
    expect_status 4 $status
    expect_one_line 'out of memory|a library aborted'
    grep -q 'Segmentation\|core dumped' "$dir.err" && fail "crashed"
    no_temporaries ;;
  stdout_full)
    "$program" --out "$dir" "$@" >/dev/full 2>"$dir.err"
    expect_status 3 $?
    expect_one_line 'standard output'
    no_temporaries ;;
  help_full)
    "$program" --help >/dev/full 2>"$dir.err"
    expect_status 3 $?
    expect_one_line 'standard output' ;;
  file_size)
    (ulimit -f 8; exec "$program" --quiet --out "$dir" "$@") >/dev/null 2>"$dir.err"
    expect_status 3 $?
    expect_one_line 'file-size limit'
    no_temporaries ;;
  signal)
    "$program" --quiet --out "$dir" "$@" >/dev/null 2>"$dir.err" &
    pid=$!
    sleep 1
    kill -TERM $pid 2>/dev/null || fail "the program had already ended: choose slower settings"
    wait $pid
    expect_status 143 $?
    sleep 0.2
    kill -0 $pid 2>/dev/null && fail "process $pid still running"
    no_temporaries ;;
  one_run)
    # "$@" = first run's arguments -- second run's arguments
    first=() second=() seen=false
    for a in "$@"; do
      if [ "$a" = "--" ]; then seen=true; elif $seen; then second+=("$a"); else first+=("$a"); fi
    done
    "$program" --quiet --out "$dir" "${first[@]}" >/dev/null 2>"$dir.err" || fail "first run failed"
    echo "a note of the user's" >"$dir/notes.txt"
    "$program" --quiet --out "$dir" "${second[@]}" >/dev/null 2>"$dir.err" || fail "second run failed"
    head -n 1 "$dir/MANIFEST" | grep -q 'run: complete' || fail "MANIFEST does not say complete"
    [ -f "$dir/notes.txt" ] || fail "a file the workbook did not write was removed"
    for f in "$dir"/*; do
      name=$(basename "$f")
      [ "$name" = notes.txt ] || [ "$name" = MANIFEST ] && continue
      grep -qx "$name" "$dir/MANIFEST" || fail "$name is not the second run's (not in MANIFEST)"
    done
    while read -r name; do
      case "$name" in '#'*) continue ;; esac
      [ -f "$dir/$name" ] || fail "MANIFEST lists $name, which is missing"
    done <"$dir/MANIFEST" ;;
  long_out)
    base="$dir/long"
    path=$base
    while [ ${#path} -lt 4070 ]; do path="$path/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"; done
    path=${path:0:4070}
    mkdir -p "$dir"
    "$program" --quiet --out "$path" "$@" >/dev/null 2>"$dir.err"
    expect_status 2 $?
    expect_one_line "out '"
    [ ! -e "$base" ] || fail "created $base"
    ;;
  memory_estimate)
    # (Status 1, verdicts other than the defaults', is fine here: a short run is asked for.)
    "$program" --verbose --out "$dir" "$@" >"$dir.out" 2>"$dir.err"
    status=$?
    [ $status -le 1 ] || fail "the run without a limit exited $status"
    mb=$(sed -n 's/.*buffers of about \([0-9]*\) MB.*/\1/p' "$dir.out" | head -n 1)
    [ -n "$mb" ] || fail "no 'buffers of about N MB' line"
    (ulimit -v $(((mb + 256) * 1024)); exec "$program" --quiet --out "$dir" "$@") >/dev/null 2>"$dir.err"
    status=$?
    [ $status -le 1 ] || fail "under a limit of $mb + 256 MB the run exited $status: the estimate is too low"
    no_temporaries ;;
  closed_stdout)
    # Descriptor 1 closed: the next file the program opens must not take its
    # place (the narrative would land in MANIFEST). One line, status 3,
    # nothing written.
    "$program" --out "$dir" "$@" >&- 2>"$dir.err"
    expect_status 3 $?
    expect_one_line 'standard output is closed'
    [ ! -e "$dir" ] || fail "created $dir" ;;
  closed_pipe)
    # A reader that goes away after one line (chNN | head -1): status 3 and one
    # line, not a silent death by SIGPIPE (141).
    set -o pipefail
    "$program" --out "$dir" "$@" 2>"$dir.err" | head -n 1 >/dev/null
    status=${PIPESTATUS[0]}
    expect_status 3 "$status"
    expect_one_line 'standard output'
    no_temporaries ;;
  two_runs)
    # "$@" = first run's arguments -- second run's arguments, started together
    # into one folder: each run waits for the folder, so it ends holding one
    # whole run: every file byte-identical to a run of the same settings alone.
    first=() second=() seen=false
    for a in "$@"; do
      if [ "$a" = "--" ]; then seen=true; elif $seen; then second+=("$a"); else first+=("$a"); fi
    done
    "$program" --quiet --out "$dir.first" "${first[@]}" >/dev/null 2>&1
    "$program" --quiet --out "$dir.second" "${second[@]}" >/dev/null 2>&1
    for try in 1 2 3; do
      rm -rf "$dir"
      "$program" --quiet --out "$dir" "${first[@]}" >/dev/null 2>"$dir.err" &
      a=$!
      "$program" --quiet --out "$dir" "${second[@]}" >/dev/null 2>>"$dir.err" &
      b=$!
      wait $a
      wait $b
      head -n 1 "$dir/MANIFEST" | grep -q 'run: complete' || fail "try $try: MANIFEST does not say complete"
      same_as=""
      for ref in first second; do
        ok=true
        while read -r name; do
          case "$name" in '#'*) continue ;; esac
          cmp -s "$dir/$name" "$dir.$ref/$name" || ok=false
        done <"$dir/MANIFEST"
        cmp -s "$dir/MANIFEST" "$dir.$ref/MANIFEST" || ok=false
        $ok && same_as=$ref
      done
      [ -n "$same_as" ] || fail "try $try: the folder mixes the two runs' files"
    done ;;
  *) echo "expect_fault: unknown case '$case_name'" >&2; exit 2 ;;
esac
echo "expect_fault $case_name: ok"
