#!/bin/sh
# expect_evidence_numbers.sh CHECKER WORKDIR: tests/evidence_numbers.sh can
# fail: a made-up chapter's evidence that loses a number, or prints a new one,
# is refused; the same with the difference reviewed (ALLOWED) passes.
set -eu
checker=$1 work=$2
mkdir -p "$work"
cat > "$work/before.txt" <<'OUT'
3.5 · Doc B §4-2
The course says: something.

Evidence:
  max |P_k[j]| over the table   0.99999999999993405
  rel. error 1.4e-14 at d = 128

=> holds: fine.
OUT
sed 's/0.99999999999993405/0.999999999999934/' "$work/before.txt" > "$work/lost.txt"
sed 's/at d = 128/at d = 128 and 512/' "$work/before.txt" > "$work/added.txt"
"$checker" list "$work/before.txt" > "$work/base.tsv"
grep -q "^3.5	0.99999999999993405$" "$work/base.tsv" || { echo "FAIL: the list misses a number"; exit 1; }
grep -q "Doc\|^3.5	4$" "$work/base.tsv" && { echo "FAIL: the list holds a number from outside the evidence"; exit 1; }
"$checker" check "$work/base.tsv" "$work/before.txt" || { echo "FAIL: the same evidence is refused"; exit 1; }
if "$checker" check "$work/base.tsv" "$work/lost.txt" 2> "$work/lost.err"; then echo "FAIL: a lost number passed"; exit 1; fi
grep -q "0.99999999999993405" "$work/lost.err" || { echo "FAIL: the lost number is not named"; exit 1; }
if "$checker" check "$work/base.tsv" "$work/added.txt" 2> "$work/added.err"; then echo "FAIL: a new number passed"; exit 1; fi
printf '3.5\t512\t+\tthe wider table, reviewed\n' > "$work/allowed.tsv"
"$checker" check "$work/base.tsv" "$work/added.txt" "" "$work/allowed.tsv" || { echo "FAIL: a reviewed number is refused"; exit 1; }
echo "evidence_numbers.sh: a lost and a new number fail, a reviewed one passes"
