#!/usr/bin/env bash
# expect_fault.sh CASE PROGRAM DIR [ARGS...]: a chapter meets a fault it does
# not control and must end cleanly (common/base/faults.h). Each case checks the
# exit status, the one line on stderr, and that no temporary file
# (.NAME.tmp.PID) is left in DIR.
#
#   out_of_memory   under `ulimit -v` (24 MB: the programs and their libraries take
#                   about 20; the lessons in three languages are built in): status 4, "out of memory" or
#                   "a library aborted"
#   blas_first_use  under `ulimit -v` 30 MB: enough for the program, not for the
#                   packing buffers of BLIS's first matrix product (about 17 MB),
#                   where BLIS used to print four lines of its own before ours
#                   (issue 43): status 4, exactly one line, nothing created
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
#   diverged        ARGS make training diverge: status 5, one line naming --lr and
#                   the loss that stopped being finite, no claims.tsv, nothing
#                   in the run's cache (--cache DIR.cache)
#   corpus_device   --corpus /dev/zero: status 2 at once (no endless read), one
#                   line, nothing created
#   corpus_endless  --corpus /dev/stdin fed by `yes`: status 2 at the 512 MiB
#                   bound, counted while reading, one line, nothing created
#   corpus_pipe     ARGS = CORPUS SETTINGS...: `cat CORPUS | PROGRAM --corpus
#                   /dev/stdin` and a FIFO fed by cat train on the same text as
#                   --corpus CORPUS (the same vectors.txt), none waits forever
#   gzip_bomb       --gcide: a 1 MB gzip of 1 GiB of zeros, under `ulimit -v`
#                   800 MB: status 2 at the 512 MiB bound, counted while
#                   inflating, one line, nothing created
#   missing_words   ARGS = CORPUS SETTINGS...: CORPUS without queen and woman, and
#                   with every letter shifted (none of the course's words): claim
#                   0.4 names the words it misses, no claim says "could be
#                   measured" with a nan, an inf or a rank of -1
#   vocab_bound     --corpus of 5 million distinct words with --min-count 1,
#                   under `ulimit -v` 400 MB: status 2 as soon as the vectors'
#                   vocabulary would pass the memory bound, one line naming
#                   --min-count, nothing created
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
exactly_one_line() {  # exactly_one_line REGEX: one line on stderr, matching
  [ "$(grep -c . "$dir.err")" -eq 1 ] || fail "not exactly one line on stderr"
  grep -Eq -- "$1" "$dir.err" || fail "stderr does not match '$1'"
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
    (ulimit -v 24000; exec "$program" --quiet --out "$dir" "$@") >/dev/null 2>"$dir.err"
    status=$?
    expect_status 4 $status
    expect_one_line 'out of memory|a library aborted'
    grep -q 'Segmentation\|core dumped' "$dir.err" && fail "crashed"
    no_temporaries ;;
  blas_first_use)
    sh -c 'ulimit -v 30000; exec "$@"' sh "$program" --quiet --out "$dir" "$@" >/dev/null 2>"$dir.err"
    expect_status 4 $?
    exactly_one_line 'out of memory|gave up'
    [ -e "$dir" ] && fail "the output folder was created"
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
  diverged)
    rm -rf "$dir.cache"
    "$program" --out "$dir" --cache "$dir.cache" "$@" >/dev/null 2>"$dir.err"
    expect_status 5 $?
    exactly_one_line 'training diverged at --lr [0-9.e+-]+ \(the loss .*(NaN|inf).*\); lower --lr'
    [ ! -e "$dir/claims.tsv" ] || fail "wrote claims.tsv"
    left=$(find "$dir.cache" -type f 2>/dev/null | head -n 3)
    [ -z "$left" ] || fail "cached: $left"
    no_temporaries ;;
  corpus_device)
    timeout 60 "$program" --out "$dir" --corpus /dev/zero "$@" >/dev/null 2>"$dir.err"
    expect_status 2 $?
    exactly_one_line "--corpus '/dev/zero': cannot read: a character device, not a regular file or a pipe"
    [ ! -e "$dir" ] || fail "created $dir" ;;
  corpus_endless)
    yes | timeout 120 "$program" --out "$dir" --corpus /dev/stdin "$@" >/dev/null 2>"$dir.err"
    expect_status 2 "${PIPESTATUS[1]}"
    exactly_one_line "--corpus '/dev/stdin': larger than the bound of 512 MiB"
    [ ! -e "$dir" ] || fail "created $dir" ;;
  corpus_pipe)
    corpus=$1
    shift
    rm -rf "$dir.file" "$dir.fifo"
    "$program" --quiet --out "$dir.file" --corpus "$corpus" --cache "$dir.cache-file" --retrain "$@" \
      >/dev/null 2>"$dir.err" || [ $? -eq 1 ] || fail "the run on the file failed"
    cat "$corpus" | timeout 60 "$program" --quiet --out "$dir" --corpus /dev/stdin --cache "$dir.cache-pipe" \
      --retrain "$@" >/dev/null 2>"$dir.err"
    status=${PIPESTATUS[1]}
    [ "$status" -le 1 ] || fail "the run on a pipe exited $status"
    cmp -s "$dir/vectors.txt" "$dir.file/vectors.txt" || fail "a pipe gave other vectors than the file"
    mkfifo "$dir.fifo" || fail "mkfifo"
    cat "$corpus" >"$dir.fifo" &
    writer=$!
    timeout 60 "$program" --quiet --out "$dir" --corpus "$dir.fifo" --cache "$dir.cache-fifo" --retrain "$@" \
      >/dev/null 2>"$dir.err"
    status=$?
    kill $writer 2>/dev/null
    rm -f "$dir.fifo"
    [ "$status" -le 1 ] || fail "the run on a FIFO exited $status"
    cmp -s "$dir/vectors.txt" "$dir.file/vectors.txt" || fail "a FIFO gave other vectors than the file"
    no_temporaries ;;
  gzip_bomb)
    # 1 MiB of zeros gzipped (1 KB), doubled ten times: 1024 gzip members in a
    # row, 1 MB that inflate to 1 GiB (gzip reads them as one stream).
    head -c 1048576 /dev/zero | gzip -9 >"$dir.gz"
    for i in 1 2 3 4 5 6 7 8 9 10; do cat "$dir.gz" "$dir.gz" >"$dir.gz2" && mv "$dir.gz2" "$dir.gz"; done
    (ulimit -v 800000; exec timeout 60 "$program" --out "$dir" --gcide "$dir.gz" "$@") >/dev/null 2>"$dir.err"
    status=$?
    rm -f "$dir.gz"
    expect_status 2 $status
    exactly_one_line "--gcide '.*': inflates to more than the bound of 512 MiB of text"
    [ ! -e "$dir" ] || fail "created $dir" ;;
  missing_words)
    corpus=$1
    shift
    # (the evidence, printed with --evidence, is the lesson's: its lines are
    # wrapped, so it is read as one line)
    sed 's/queen/lady/g; s/woman/girl/g' "$corpus" >"$dir.txt"
    "$program" --out "$dir" --corpus "$dir.txt" --cache "$dir.cache" --evidence "$@" >"$dir.out" 2>"$dir.err"
    [ $? -le 1 ] || fail "the run without queen and woman failed"
    tr '\n' ' ' <"$dir.out" | grep -Fq "king − man + woman could not be asked: woman, queen not in the vocabulary" \
      || fail "claim 0.4 does not name the missing words"
    grep -Ewq -- 'nan|-nan|inf|-1' "$dir.out" "$dir/claims.tsv" && fail "nan, inf or -1 printed: $(grep -Ew -- 'nan|-nan|inf|-1' "$dir.out" | head -n 2)"
    tr a-z b-za <"$corpus" >"$dir.txt"   # every word shifted by one letter: none of the course's
    "$program" --out "$dir" --corpus "$dir.txt" --cache "$dir.cache" --evidence "$@" >"$dir.out" 2>"$dir.err"
    [ $? -le 1 ] || fail "the run without the course's words failed"
    rm -f "$dir.txt"
    [ "$(tr '\n' ' ' <"$dir.out" | grep -o 'Could not be measured on this corpus' | wc -l)" -eq 4 ] \
      || fail "claims 0.1, 0.3, 0.5, 0.6 do not say they could not be measured"
    tr '\n' ' ' <"$dir.out" | grep -Fq "could not be asked: king, man, woman, queen not in the vocabulary" \
      || fail "claim 0.4 does not name the missing words"
    grep -Ewq -- 'nan|-nan|inf|-1' "$dir.out" "$dir/claims.tsv" && fail "nan, inf or -1 printed: $(grep -Ew -- 'nan|-nan|inf|-1' "$dir.out" | head -n 2)"
    no_temporaries ;;
  vocab_bound)
    # 1 .. 5000000 with digits written as letters: 5 million distinct words (39 MB).
    seq 1 5000000 | tr 0-9 a-j >"$dir.words"
    (ulimit -v 400000; exec timeout 60 "$program" --out "$dir" --corpus "$dir.words" --min-count 1 "$@") \
      >/dev/null 2>"$dir.err"
    status=$?
    rm -f "$dir.words"
    expect_status 2 $status
    exactly_one_line "--corpus '.*': more than [0-9]+ distinct words seen at least --min-count 1 times .*memory bound"
    [ ! -e "$dir" ] || fail "created $dir" ;;
  *) echo "expect_fault: unknown case '$case_name'" >&2; exit 2 ;;
esac
echo "expect_fault $case_name: ok"
