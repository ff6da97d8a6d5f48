#!/usr/bin/env bash
# arm64.sh: the workbook built for 64-bit ARM (Apple-silicon Macs run the
# container as linux/arm64) reaches the verdicts the x86-64 build reaches.
#
# The cross build (preset arm64: cmake/aarch64-linux-gnu.cmake, build/arm64)
# takes Debian's cross compiler and the arm64 libraries installed beside this
# machine's (multiarch), and its programs run under qemu-user. qemu emulates
# every floating-point operation, which makes the chapters 20 to 70 times
# slower than natively, so the claims run at quick settings:
#   chapters 1-5, 7, 8  their claim tests (ctest -L claim: one run per claim,
#                       --strict, so each verdict must be the course's), but for
#                       the three slowest under qemu (below: ~40-110 s each of
#                       one core), which --all adds
#   chapters 0, 6, 9    one small run each (SMALL_RUNS below: a tiny corpus,
#                       models trained a few steps), whose verdicts are those
#                       settings' findings, compared as they are
# The same runs on this machine (NATIVE, default build/dev: made with the dev
# preset when missing) give the x86-64 side. Then a table: each claim, its
# x86-64 and arm64 verdicts, how many of the numbers it records (claims.tsv's
# measured value, document value and tolerance; its values.tsv rows, each to
# 17 digits) differ and by at most how much (relative), and whether its
# finding reads the same; and for each run, its data files' numbers the same way.
# The unit tests of common/ run under qemu too (unit.*: each must pass).
#
# Usage (on an x86-64 Debian machine):
#   tests/arm64.sh [--native DIR] [--cross DIR] [--all] [--jobs N] [-- CMAKE_ARG...]
#   --native DIR   the x86-64 build to compare with (default build/dev)
#   --cross DIR    the cross build (default build/arm64)
#   --all          every claim test of chapters 1-5, 7 and 8, the slow ones too
#   --jobs N       builds and tests N at a time (default 2)
#   -- CMAKE_ARG   more arguments for the cross build's configure, e.g.
#                  -DCMAKE_C_FLAGS=-ffp-contract=fast
# What is missing is installed first, as root with apt-get (--no-install-recommends),
# after `dpkg --add-architecture arm64`: the PACKAGES below. The x86-64 build
# needs the workbook's own packages (./workbook installs them).
#
# The last line reads "arm64: N claims, same verdicts as x86-64" (or "...,
# M verdicts differ from x86-64"). Exit status: 0 every verdict the same and
# every claim and unit test passed; 1 a verdict differs, a test failed
# or a step failed (its log is named); 77 it cannot run here (not x86-64,
# or packages missing that cannot be installed): one line says why.
set -uo pipefail

# GSL's runtime library is named for its ABI: libgsl27 in Debian 12, libgsl28
# in Debian 13; the one that matches this machine's libgsl-dev.
gsl_runtime=$(dpkg-query -W -f='${Depends}' libgsl-dev 2>/dev/null | grep -o 'libgsl[0-9][0-9]*' | head -n 1)
PACKAGES=(gcc-aarch64-linux-gnu libc6-dev:arm64 "${gsl_runtime:-libgsl27}:arm64" libgslcblas0:arm64 libblis-serial-dev:arm64
          zlib1g-dev:arm64 qemu-user)
# The three claim tests left out unless --all, with their time under qemu
# (one core, measured on this project's 2-core machines): 8.2 (its exhaustive
# float scan, ~110 s), 4.4 (~55 s), 1.7 (attention timed at length 2048, ~40 s).
SLOW_CLAIMS='^(ch08\.claim\.8\.2|ch04\.claim\.4\.4|ch01\.claim\.1\.7)$'
# The chapters that train, run once each at small settings instead of their
# claim tests (whose data runs take from 7 minutes of both cores, chapter 6's,
# to hours under qemu):
#   chapter | its arguments (from the source folder)
SMALL_RUNS=(
  "ch00|--corpus tests/data/ch00_tiny.txt --dim 16 --min-count 1 --svd-vocab 30"
  "ch06|--steps 30 --seeds 1 --eval-seqs 20"
  "ch09|--steps 20 --batch 8 --seeds 1 --eval-seqs 10"
)

say() { printf 'arm64: %s\n' "$*"; }
cannot_run() { say "not run: $*"; exit 77; }
fail() { say "FAILED: $*"; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
native=$repo/build/dev cross=$repo/build/arm64 all=false jobs=2
while [ $# -gt 0 ]; do
  case "$1" in
    --native) [ $# -ge 2 ] || fail "--native needs a folder"; native=$2; shift 2 ;;
    --cross) [ $# -ge 2 ] || fail "--cross needs a folder"; cross=$2; shift 2 ;;
    --all) all=true; shift ;;
    --jobs) [[ "${2:-}" =~ ^[1-9][0-9]?$ ]] || fail "--jobs needs a number, 1 to 99"; jobs=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "arm64: unknown option '$1' (expected --native DIR, --cross DIR, --all, --jobs N, -- CMAKE_ARG...)" >&2; exit 2 ;;
  esac
done
cmake_args=("$@")
t_start=$SECONDS

# ---- can it run here? what is missing? -------------------------------------------
[ "$(uname -m)" = x86_64 ] || cannot_run "this machine is $(uname -m), not x86-64: there is no x86-64 build to compare with"
command -v dpkg-query >/dev/null 2>&1 || cannot_run "no dpkg-query: not a Debian machine"
installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }
missing=()
for p in "${PACKAGES[@]}"; do installed "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || cannot_run "needs root to install ${missing[*]}"
  command -v apt-get >/dev/null 2>&1 || cannot_run "no apt-get to install ${missing[*]}"
fi

mkdir -p "$native" "$cross" || fail "cannot create $native or $cross"
native=$(cd "$native" && pwd) cross=$(cd "$cross" && pwd)
logs=$cross/arm64-sh
rm -rf "$logs"
mkdir -p "$logs" || fail "cannot create $logs"
step_time() { printf '%s %d s\n' "$1" $((SECONDS - $2)) >>"$logs/times"; }

t0=$SECONDS
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} (Debian packages, arm64 beside amd64)"
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    dpkg --add-architecture arm64 || cannot_run "dpkg --add-architecture arm64 failed"
    apt-get update -qq >"$logs/apt.log" 2>&1 || cannot_run "apt-get update failed (log: $logs/apt.log)"
  fi
  install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$logs/apt.log" 2>&1; }
  install || { apt-get update -qq >>"$logs/apt.log" 2>&1 && install; } \
    || cannot_run "apt-get could not install ${missing[*]} (log: $logs/apt.log)"
fi
step_time "install (${#missing[@]} packages asked for)" $t0
for tool in cmake ninja ctest gcc aarch64-linux-gnu-gcc qemu-aarch64; do
  command -v $tool >/dev/null 2>&1 || cannot_run "no $tool (the workbook's own packages: ./workbook installs them)"
done

# ---- the two builds ------------------------------------------------------------------
t0=$SECONDS
if [ ! -e "$native/CMakeCache.txt" ]; then
  (cd "$repo" && cmake --preset dev -B "$native") >"$logs/native-configure.log" 2>&1 \
    || fail "the x86-64 build's configure failed (log: $logs/native-configure.log)"
fi
cmake --build "$native" -j"$jobs" >"$logs/native-build.log" 2>&1 \
  || fail "the x86-64 build failed (log: $logs/native-build.log)"
step_time "x86-64 build ($native)" $t0
t0=$SECONDS
# (to_simplified, run while building, is the x86-64 build's: CMakeLists.txt's WORKBOOK_HOST_TOOLS)
# (--fresh: a cross build an earlier version configured for make; the presets name Ninja,
# and CMake refuses to configure a folder again with another generator)
fresh=()
[ -f "$cross/CMakeCache.txt" ] && ! grep -qx 'CMAKE_GENERATOR:INTERNAL=Ninja' "$cross/CMakeCache.txt" && fresh=(--fresh)
(cd "$repo" && cmake --preset arm64 -B "$cross" ${fresh[@]+"${fresh[@]}"} -DWORKBOOK_HOST_TOOLS="$native" "${cmake_args[@]}") \
  >"$logs/configure.log" 2>&1 || fail "the cross build's configure failed (log: $logs/configure.log)"
cmake --build "$cross" -j"$jobs" >"$logs/build.log" 2>&1 \
  || fail "the cross build failed (log: $logs/build.log)"
# (ELF's e_machine, 2 bytes at offset 18: 183 is EM_AARCH64)
[ "$(od -An -t u2 -j 18 -N 2 "$cross/ch01" | tr -d ' ')" = 183 ] || fail "$cross/ch01 is not an aarch64 program"
step_time "arm64 build ($cross)" $t0

# ---- the claims on both ------------------------------------------------------------------
small_chapters=$(printf '%s\n' "${SMALL_RUNS[@]}" | cut -d'|' -f1 | paste -sd'|')
exclude="^($small_chapters)\\."
$all || exclude="$exclude|$SLOW_CLAIMS"
claim_tests='^ch[0-9]+\.claim\.[0-9]+\.[0-9]+$'
failed_tests=""
run_claim_tests() {  # run_claim_tests BUILD NAME: the selected claim tests of BUILD
  local t0=$SECONDS status=0
  ctest --test-dir "$1" -L claim -R "$claim_tests" -E "$exclude" -j"$jobs" --timeout 900 --output-on-failure \
    >"$logs/$2-ctest.log" 2>&1 || status=$?
  grep -q 'tests passed' "$logs/$2-ctest.log" || fail "ctest in $1 did not run (log: $logs/$2-ctest.log)"
  [ $status -eq 0 ] || failed_tests="$failed_tests $2: $(sed -n 's/.*tests passed, \([0-9]*\) tests failed.*/\1/p' "$logs/$2-ctest.log") failed (log: $logs/$2-ctest.log);"
  step_time "claim tests, $2 ($(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\)/\2 tests, \1 failed/p' "$logs/$2-ctest.log"))" $t0
}
say "the claim tests under qemu (log: $logs/arm64-ctest.log)"
run_claim_tests "$cross" arm64
run_claim_tests "$native" x86-64
# The unit tests of common/ under qemu as well (GSL's tolerances, long double's 128 bits: unit.pe_recurrence)
t0=$SECONDS
ctest --test-dir "$cross" -L unit -R '^unit\.' -j"$jobs" --timeout 900 --output-on-failure >"$logs/arm64-unit.log" 2>&1 \
  || failed_tests="$failed_tests arm64 unit tests: $(sed -n 's/.*tests passed, \([0-9]*\) tests failed.*/\1/p' "$logs/arm64-unit.log") failed (log: $logs/arm64-unit.log);"
step_time "unit tests, arm64 ($(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\)/\2 tests, \1 failed/p' "$logs/arm64-unit.log"))" $t0

small_out=$logs/small
bad_runs=""
for entry in "${SMALL_RUNS[@]}"; do
  chapter=${entry%%|*}
  read -r -a args <<<"${entry#*|}"
  for side in x86-64 arm64; do
    t0=$SECONDS
    if [ $side = arm64 ]; then run=(qemu-aarch64 "$cross/$chapter"); else run=("$native/$chapter"); fi
    (cd "$repo" && "${run[@]}" "${args[@]}" --quiet --retrain --out "$small_out/$side/$chapter" \
                   --cache "$small_out/$side/cache") >"$logs/$side-$chapter.log" 2>&1
    status=$?
    [ $status -le 1 ] || bad_runs="$bad_runs $side $chapter exited $status (log: $logs/$side-$chapter.log);"
    step_time "$chapter small run, $side" $t0
  done
done

# ---- the comparison ------------------------------------------------------------------------
# The run folders, x86-64 and arm64 side by side: each claim test's and each small run's.
pairs=()
selected=$(ctest --test-dir "$cross" -N -L claim -R "$claim_tests" -E "$exclude" | sed -n 's/^ *Test *#[0-9]*: //p')
for test in $selected; do   # chNN.claim.N.M runs into test-output/chNN/claim-N.M (tests/CMakeLists.txt)
  run=${test%%.*}/claim-${test#*.claim.}
  pairs+=("$native/test-output/$run|$cross/test-output/$run|$run")
done
for entry in "${SMALL_RUNS[@]}"; do
  chapter=${entry%%|*}
  pairs+=("$small_out/x86-64/$chapter|$small_out/arm64/$chapter|$chapter (small run)")
done

# compare_claims X86 ARM: one line per claim of ARM's claims.tsv (or X86's, where ARM has none):
# id, x86 verdict, arm verdict, numbers differing, numbers compared, max relative difference, finding same.
compare_claims() {
  awk -F'\t' '
    function numeric(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
    function rel(a, b,   d, m) { a += 0; b += 0; d = a - b; if (d < 0) d = -d; m = a < 0 ? -a : a;
                                 if (b < 0 && -b > m) m = -b; else if (b > m) m = b; return m > 0 ? d / m : 0 }
    function cmp(id, a, b) { n[id]++; if (a == b) return;
                             diff[id]++; if (numeric(a) && numeric(b)) { r = rel(a, b); if (r > worst[id]) worst[id] = r }
                             else text[id]++ }
    FNR == 1 { f++; for (i = 1; i <= NF; i++) col[f, $i] = i; next }
    f == 1 || f == 2 { side = f; id = $col[f, "id"]; ids[id] = 1; verdict[side, id] = $col[f, "verdict"]
                       finding[side, id] = $col[f, "finding"]
                       for (k = 1; k <= 3; k++) { c = k == 1 ? "measured" : k == 2 ? "document" : "tolerance"
                                                  v[side, id, c] = $col[f, c]; names[id, c] = 1 } }
    f == 3 || f == 4 { id = $col[f, "id"]; key = $col[f, "name"]; v[f - 2, id, "value " key] = $col[f, "value"]
                       names[id, "value " key] = 1 }
    END {
      for (k in names) { split(k, p, SUBSEP); id = p[1]; cmp(id, v[1, id, p[2]], v[2, id, p[2]]) }
      for (id in ids) printf "%s\t%s\t%s\t%d\t%d\t%.1e\t%s\t%d\n", id, (1 SUBSEP id) in verdict ? verdict[1, id] : "(none)",
                               (2 SUBSEP id) in verdict ? verdict[2, id] : "(none)", diff[id], n[id], worst[id],
                               finding[1, id] == finding[2, id] ? "same" : "differ", text[id]
    }' "$1/claims.tsv" "$2/claims.tsv" "$1/values.tsv" "$2/values.tsv"
}
# compare_data X86 ARM: the numbers of every data file (*.dat) of the two runs,
# word by word: files, numbers differing, numbers compared, max relative difference, other words differing.
compare_data() {
  local files=() name
  for f in "$2"/*.dat; do
    [ -e "$f" ] || continue
    name=$(basename "$f")
    [ "$name" = model.dat ] && continue   # (chapter 0's timings)
    files+=("$1/$name" "$f")
  done
  [ ${#files[@]} -gt 0 ] || { printf '0\t0\t0\t0\t0\n'; return; }
  awk '
    function numeric(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
    FNR == 1 { f++; if (f % 2 == 1) split("", line); else files++ }
    { lines[f] = FNR }
    f % 2 == 1 { line[FNR] = $0; next }
    { m = split(line[FNR], a, /[ \t]+/); k = split($0, b, /[ \t]+/); if (m != k) { text++; next }
      for (i = 1; i <= k; i++) {
        if (!numeric(b[i])) { if (a[i] != b[i]) text++; continue }
        n++; if (a[i] == b[i]) continue
        if (!numeric(a[i])) { text++; continue }
        diff++; x = a[i] + 0; y = b[i] + 0; d = x - y; if (d < 0) d = -d; s = x < 0 ? -x : x; t = y < 0 ? -y : y
        if (t > s) s = t; if (s > 0 && d / s > worst) worst = d / s } }
    END { for (i = 2; i <= f; i += 2) if (lines[i - 1] != lines[i]) text++
          printf "%d\t%d\t%d\t%.1e\t%d\n", files, diff, n, worst, text }' "${files[@]}"
}

table=$logs/claims.tsv data_table=$logs/data.tsv
: >"$table"; : >"$data_table"
for pair in "${pairs[@]}"; do
  IFS='|' read -r x86 arm label <<<"$pair"
  if [ ! -e "$x86/claims.tsv" ] || [ ! -e "$arm/claims.tsv" ]; then
    printf '%s\t%s\t%s\t0\t0\t0\t-\t0\n' "$label" "$([ -e "$x86/claims.tsv" ] && echo ok || echo '(no run)')" \
      "$([ -e "$arm/claims.tsv" ] && echo ok || echo '(no run)')" >>"$table"
    continue
  fi
  compare_claims "$x86" "$arm" >>"$table"
  printf '%s\t%s\n' "$label" "$(compare_data "$x86" "$arm")" >>"$data_table"
done
sort -t$'\t' -k1,1V -o "$table" "$table"

echo
printf '%-7s %-20s %-20s %-16s %-10s %s\n' claim x86-64 arm64 "numbers differ" "max rel." finding
n_claims=0 n_differ=0 differing=""
while IFS=$'\t' read -r id x y d n worst same textual; do
  n_claims=$((n_claims + 1))
  mark=" "
  if [ "$x" != "$y" ]; then mark="!"; n_differ=$((n_differ + 1)); differing="$differing $id"; fi
  [ "$d" -eq 0 ] && worst="-"
  [ "${textual:-0}" -gt 0 ] && worst="$worst (+$textual words)"
  printf '%s%-6s %-20s %-20s %-16s %-10s %s\n' "$mark" "$id" "$x" "$y" "$d of $n" "$worst" "$same"
done <"$table"
printf '(%s: one small run each, the same settings on both, whose verdicts are those settings'"'"' findings)\n' \
  "$(printf '%s\n' "${SMALL_RUNS[@]}" | cut -d'|' -f1 | paste -sd' ')"
echo
printf '%-28s %-8s %-24s %-10s %s\n' "run (data files)" files "numbers differ" "max rel." "other words differ"
while IFS=$'\t' read -r label files d n worst textual; do
  [ "$files" -gt 0 ] || continue
  [ "$d" -eq 0 ] && worst="-"
  printf '%-28s %-8s %-24s %-10s %s\n' "$label" "$files" "$d of $n" "$worst" "$textual"
done <"$data_table"
echo
sed 's/^/  /' "$logs/times"
say "$((SECONDS - t_start)) s in all; logs and runs in $logs"

[ -z "$bad_runs" ] || fail "runs that did not end as a chapter should:$bad_runs"
[ $n_claims -gt 0 ] || fail "no claim was compared"
if [ $n_differ -gt 0 ]; then
  say "$n_claims claims, $n_differ verdicts differ from x86-64:$differing"
  exit 1
fi
if [ -n "$failed_tests" ]; then
  say "tests failed:$failed_tests"
  say "$n_claims claims, same verdicts as x86-64, but tests failed"
  exit 1
fi
say "$n_claims claims, same verdicts as x86-64"
exit 0
