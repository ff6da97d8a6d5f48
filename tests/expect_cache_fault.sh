#!/usr/bin/env bash
# expect_cache_fault.sh CASE PROGRAM DIR [ARGS...]: a chapter's cache
# (common/run/cache_files.h) meets a fault and must never serve a wrong result.
# Every case first runs PROGRAM ARGS into DIR/ref with an empty cache,
# DIR/cache (it trains and fills it); the cases that rerun use a copy of it
# and ask of each rerun: the exit status of the reference run, its results
# byte for byte (claims.tsv, every *.dat but chapter 0's model.dat, which
# holds timings and whether the vectors were cached, and vectors.txt) and,
# when a file it needed was touched, one line saying it trained again.
#
#   swapped         two cache files swapped (each then holds the other's key)
#   nul_vocabulary  (chapter 0) a byte of the cached vocabulary's word "king" set to NUL
#                   (it shifted the vocabulary against its vectors)
#   nan_value       the first loss value of every cached run set to NaN
#                   (chapters 6 and 9: it was read as a number)
#   fifo            a FIFO at a cache file's name: the run ends (in 60 s; a plain
#                   open waited forever for a writer), says so, and keeps a
#                   regular file there again
#   dead_temporary  the temporaries that processes killed outright leave
#                   (.NAME.bin.tmp.PID) are swept by the next run: one left by
#                   a SIGKILL during a cache write (made slow by strace's delay
#                   on fsync; left out without strace) and a made-up one of a
#                   PID never alive; a live process's (this shell's) stays
#   signal          SIGINT, SIGTERM and SIGHUP, each to a run in the middle of
#                   a cache write (made slow as above; skipped without strace):
#                   killed by that signal, no temporary left
#   stale_code      ARGS start with a second PROGRAM, the chapter built with one
#                   line of a source changed (tests/cache.cmake: chapter 0 with
#                   common/words/word2vec.c, chapter 6 with common/model/tiny_model.c): it
#                   must train, not read what the first one cached
#   fuzz            ARGS start with SEED and N: N times (a seeded draw) a fresh
#                   copy of the cache gets a byte flipped, two files swapped, a
#                   file truncated or bytes appended to one, and the run is
#                   checked as above. For chapter 0 a second seed's file is
#                   cached too, so that there are two files to swap.
set -uo pipefail
case_name=$1 program=$2 dir=$3
shift 3

# The strace runs still going when the script ends (a failed check) are stopped.
started=()
trap 'for p in "${started[@]}"; do kill -KILL "$p" 2>/dev/null; done' EXIT
fail() { echo "expect_cache_fault $case_name: FAILED: $*"; exit 1; }
skip() { echo "expect_cache_fault $case_name: SKIPPED: $*"; exit 77; }
# The message of common/run/cache_files.c's cache_rejected_sentence.
said_trained_again() { grep -Eq '^cache: [0-9]+ files? in .* did not match (its|their) key or checksum' "$1"; }

# run NAME CACHE [more arguments]: PROGRAM ARGS into DIR/NAME with the cache
# folder CACHE; stdout in DIR/NAME.out, the exit status in $status.
run() {
  local name=$1 cache=$2
  shift 2
  rm -rf "$dir/$name"
  "$program" "${args[@]}" "$@" --out "$dir/$name" --cache "$cache" >"$dir/$name.out" 2>"$dir/$name.err"
  status=$?
}

# same_results A B: the results of two runs are byte for byte the same.
same_results() {
  local f name n=0
  for f in "$dir/$1"/claims.tsv "$dir/$1"/*.dat "$dir/$1"/vectors.txt; do
    [ -e "$f" ] || continue
    name=$(basename "$f")
    [ "$name" = model.dat ] && continue
    cmp -s "$f" "$dir/$2/$name" || fail "$2: $name differs from the untouched run's"
    n=$((n + 1))
  done
  [ $n -ge 2 ] || fail "$1 holds no results to compare"
}

# check_rerun NAME TOUCHED: the rerun NAME ended as the reference run did,
# with its results, and said it trained again if TOUCHED is true.
check_rerun() {
  [ "$status" -eq "$ref_status" ] || fail "$1 exited $status, the untouched run $ref_status: $(head -c 300 "$dir/$1.err")"
  same_results ref "$1"
  if $2; then said_trained_again "$dir/$1.out" || fail "$1 did not say that it trained again"; fi
  [ "$(grep -c '^cache: ' "$dir/$1.out")" -le 1 ] || fail "$1 said it more than once"
}

# The offset of a cache file's payload: after the magic (8 bytes), the key's
# length (4) and the key (common/run/cache_files.h); a file in the format before
# the key (a bare run, "PECOPY1") has its own 8-byte tag instead.
payload_offset() {
  if [ "$(head -c 8 "$1" | tr -d '\0')" = PECACHE2 ]; then
    echo $((12 + $(od -An -t u4 -j 8 -N 4 "$1" | tr -d ' ')))
  else
    echo 8
  fi
}

# put_bytes FILE OFFSET OCTAL_ESCAPES: overwrite bytes in place.
put_bytes() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }

# start_slow_write NAME CACHE: start PROGRAM ARGS --retrain into DIR/NAME
# with the cache folder CACHE, under strace with every fsync held for a
# second, so that each cache file it writes stays a while under its temporary
# name; $tracer is strace's PID. wait_for_temporary CACHE: wait (60 s at
# most) until a cache file's temporary is there; $pid is then the writing
# chapter's PID, from the temporary's name.
start_slow_write() {
  rm -rf "$dir/$1"
  strace -f -qq -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=1000000 \
    "$program" "${args[@]}" --retrain --quiet --out "$dir/$1" --cache "$2" >/dev/null 2>&1 &
  tracer=$!
  started+=($tracer)
}
wait_for_temporary() {
  local i temp
  pid=""
  for i in $(seq 1200); do
    temp=$(find "$1" -maxdepth 1 -name '.*.bin.tmp.*' 2>/dev/null | head -n 1)
    if [ -n "$temp" ]; then
      pid=${temp##*.tmp.}
      return
    fi
    sleep 0.05
  done
  fail "no cache file was being written in $1 after 60 s"
}

args=("$@")
case "$case_name" in
  stale_code) changed=$1 args=("${@:2}") ;;
  fuzz) seed=$1 iterations=$2 args=("${@:3}") ;;
esac

rm -rf "$dir"
mkdir -p "$dir"
run ref "$dir/cache"
ref_status=$status
[ $ref_status -le 1 ] || fail "the reference run exited $ref_status: $(head -c 300 "$dir/ref.err")"
if [ "$case_name" = fuzz ] && [ "$(basename "$program")" = ch00 ]; then
  used=$(ls "$dir/cache")
  run seed2 "$dir/cache" --seed 2   # a second file, not this run's
else
  used=$(ls "$dir/cache")
fi
[ -n "$used" ] || fail "the reference run cached nothing"
files=($(ls "$dir/cache"))

case "$case_name" in
  swapped)
    [ ${#files[@]} -ge 2 ] || fail "fewer than two cache files"
    cp -r "$dir/cache" "$dir/c"
    mv "$dir/c/${files[0]}" "$dir/c/swap" && mv "$dir/c/${files[1]}" "$dir/c/${files[0]}" && mv "$dir/c/swap" "$dir/c/${files[1]}"
    run swapped "$dir/c"
    check_rerun swapped true ;;
  nul_vocabulary)
    cp -r "$dir/cache" "$dir/c"
    f="$dir/c/${files[0]}"
    at=$(grep -obUaP '\x00king\x00' "$f" | head -n 1 | cut -d: -f1)
    [ -n "$at" ] || fail "no word 'king' in the cached vocabulary"
    put_bytes "$f" $((at + 2)) '\0'   # "king" becomes "k", "ng": one word more, every later one shifted
    run nul "$dir/c"
    check_rerun nul true ;;
  nan_value)
    cp -r "$dir/cache" "$dir/c"
    for name in "${files[@]}"; do   # loss[0]: after n_params, n_pe (16 bytes) and 6 numbers (48)
      put_bytes "$dir/c/$name" $(($(payload_offset "$dir/c/$name") + 64)) '\0\0\0\0\0\0\370\177'
    done
    run nan "$dir/c"
    check_rerun nan true ;;
  fifo)
    cp -r "$dir/cache" "$dir/c"
    rm "$dir/c/${files[0]}" && mkfifo "$dir/c/${files[0]}"
    rm -rf "$dir/fifo"
    timeout 60 "$program" "${args[@]}" --out "$dir/fifo" --cache "$dir/c" >"$dir/fifo.out" 2>"$dir/fifo.err"
    status=$?
    [ $status -ne 124 ] || fail "the run was still waiting on the FIFO after 60 s"
    check_rerun fifo true
    [ -f "$dir/c/${files[0]}" ] && [ ! -p "$dir/c/${files[0]}" ] || fail "no regular file at the name afterwards"
    run after_fifo "$dir/c"
    check_rerun after_fifo false
    said_trained_again "$dir/after_fifo.out" && fail "the run after it still found a file it could not use"
    ;;
  dead_temporary)
    cp -r "$dir/cache" "$dir/c"
    killed=""
    if command -v strace >/dev/null; then
      start_slow_write slow "$dir/c"
      wait_for_temporary "$dir/c"
      killed=$(find "$dir/c" -maxdepth 1 -name ".*.bin.tmp.$pid" | head -n 1)
      kill -KILL "$pid"
      wait $tracer 2>/dev/null
      [ -e "$killed" ] || fail "the SIGKILLed run left no temporary (nothing to sweep)"
    else
      echo "(no strace: the SIGKILL part is left out)"
    fi
    never_alive="$dir/c/.${files[0]}.tmp.2147483646"   # above any pid_max
    alive="$dir/c/.${files[0]}.tmp.$$"
    : >"$never_alive"
    : >"$alive"
    run swept "$dir/c"
    [ ! -e "$never_alive" ] || fail "the temporary of a PID never alive was not swept"
    [ -z "$killed" ] || [ ! -e "$killed" ] || fail "the temporary of the SIGKILLed run was not swept: $killed"
    [ -e "$alive" ] || fail "the temporary of a live process (this shell) was removed"
    check_rerun swept false ;;
  signal)
    command -v strace >/dev/null || skip "strace is not installed"
    declare -A tracers
    for sig in INT TERM HUP; do   # the three runs side by side
      cp -r "$dir/cache" "$dir/c-$sig"
      start_slow_write "slow-$sig" "$dir/c-$sig"
      tracers[$sig]=$tracer
    done
    for sig in INT TERM HUP; do
      wait_for_temporary "$dir/c-$sig"
      kill -$sig "$pid"
      wait ${tracers[$sig]}
      status=$?
      want=$((128 + $(kill -l $sig)))
      [ $status -eq $want ] || fail "SIG$sig during a cache write: exit status $status, expected $want"
      left=$(find "$dir/c-$sig" "$dir/slow-$sig" -name '.*.tmp.*' 2>/dev/null | head -n 3)
      [ -z "$left" ] || fail "SIG$sig during a cache write left temporaries: $left"
    done ;;
  stale_code)
    # The changed program's key names other code: another file, trained.
    rm -rf "$dir/changed"
    # (--verbose: "SGNS: ..." and "vectors from the cache" say how a run got its vectors)
    # (--verbose: chapter 0's "SGNS: ..." and "vectors from the cache", the copy
    # tasks' "Training N models" and "N of the M runs read from the cache", say
    # how a run got its results)
    if [ "$(basename "$program")" = ch00 ]; then
      read_back='vectors from the cache' trained='^SGNS: '
    else
      read_back='read from the cache' trained='Training [0-9]+ model'
    fi
    "$changed" "${args[@]}" --verbose --out "$dir/changed" --cache "$dir/cache" >"$dir/changed.out" 2>"$dir/changed.err"
    status=$?
    [ $status -le 1 ] || fail "the changed program exited $status"
    grep -Eq "$read_back" "$dir/changed.out" && fail "the changed code read what the old code cached"
    grep -Eq "$trained" "$dir/changed.out" || fail "the changed code did not train"
    n_used=$(printf '%s\n' "$used" | wc -l)
    [ "$(ls "$dir/cache" | wc -l)" -eq $((2 * n_used)) ] || fail "expected $((2 * n_used)) cache files, $n_used per code: $(ls "$dir/cache")"
    run again "$dir/cache" --verbose
    grep -Eq "$read_back" "$dir/again.out" || fail "the unchanged program no longer reads what it cached"
    grep -Eq "$trained" "$dir/again.out" && fail "the unchanged program trained again"
    check_rerun again false ;;
  fuzz)
    RANDOM=$seed
    for i in $(seq "$iterations"); do
      c="$dir/c$i"
      rm -rf "$c"
      cp -r "$dir/cache" "$c"
      pick=${files[$((RANDOM % ${#files[@]}))]}
      f="$c/$pick"
      size=$(stat -c %s "$f")
      touched="$pick"
      case $((RANDOM % 4)) in
        0) at=$((((RANDOM << 15) | RANDOM) % size))
           old=$(od -An -t u1 -j $at -N 1 "$f" | tr -d ' ')
           new=$((old ^ (1 + RANDOM % 255)))
           put_bytes "$f" $at "$(printf '\\%03o' $new)"
           what="byte $at of $pick: $old -> $new" ;;
        1) other=${files[$((RANDOM % ${#files[@]}))]}
           if [ ${#files[@]} -lt 2 ]; then fail "fewer than two cache files to swap"; fi
           while [ "$other" = "$pick" ]; do other=${files[$((RANDOM % ${#files[@]}))]}; done
           mv "$f" "$c/swap" && mv "$c/$other" "$f" && mv "$c/swap" "$c/$other"
           touched="$pick $other"
           what="$pick and $other swapped" ;;
        2) to=$((((RANDOM << 15) | RANDOM) % size))
           truncate -s $to "$f"
           what="$pick cut to $to of $size bytes" ;;
        3) n=$((1 + RANDOM % 16)) bytes=""
           for _ in $(seq $n); do bytes="$bytes$(printf '\\%03o' $((RANDOM % 256)))"; done
           printf "$bytes" >>"$f"
           what="$n bytes appended to $pick" ;;
      esac
      needed=false
      for t in $touched; do grep -qx "$t" <<<"$used" && needed=true; done
      run "run$i" "$c"
      check_rerun "run$i" $needed
      echo "$i: $what: $($needed && echo 'trained again, said so, same results' || echo 'not this run'"'"'s file: same results')"
      rm -rf "$c" "$dir/run$i"
    done ;;
  *) echo "expect_cache_fault: unknown case '$case_name'" >&2; exit 2 ;;
esac
echo "expect_cache_fault $case_name: ok"
