#!/bin/sh
# expect_perturbed_dictionary.sh PROGRAM OUT CACHE DATA_MODEL: chapter 0 on a copy of
# GCIDE whose dictd header says another build date (Debian 12's and 13's
# dict-gcide differ in that line alone): every verdict the expected one
# (--strict: exit 0 only then), on the very corpus of the unchanged file
# (the header is no part of the corpus: its model.dat gives the same
# vocabulary, tokens and words as the data run's, DATA_MODEL). The cache is
# keyed by the file as stored, so this run trains its one seed (a minute).
# The new date has the old one's length, so gcide.index's offsets still hold.
# Exit 77 (skipped) without Debian's dict-gcide.
set -u
program=$1 out=$2 cache=$3 data_model=$4
dict=/usr/share/dictd/gcide.dict.dz
[ -r "$dict" ] && [ -r /usr/share/dictd/gcide.index ] || { echo "SKIPPED: no $dict (dict-gcide)"; exit 77; }
rm -rf "$out"
mkdir -p "$out"
old='Tue Feb 15 10:31:36 2022'
zcat "$dict" | head -c 4000 | grep -q "$old" || { echo "FAILED: the header holds no '$old' to change"; exit 1; }
zcat "$dict" | sed "1,40s/$old/Wed Jan 01 06:29:01 2025/" | gzip -1 >"$out/gcide.dict.dz" || exit 1
cp /usr/share/dictd/gcide.index "$out/gcide.index"
cmp -s "$out/gcide.dict.dz" "$dict" && { echo "FAILED: the copy is not changed"; exit 1; }
"$program" --strict --seeds 1 --verbose --gcide "$out/gcide.dict.dz" --cache "$cache" --out "$out/run" >"$out/run.txt" 2>&1
status=$?
[ $status -eq 0 ] || { tail -n 20 "$out/run.txt"; echo "FAILED: exit $status: a verdict differs from the expected one on a header that says another date"; exit 1; }
# model.dat's columns: vocab d tokens raw_words ...
corpus() { awk '!/^#/ && NF { print "V", $1, "tokens", $3, "words", $4; exit }' "$1"; }
ours=$(corpus "$out/run/model.dat") theirs=$(corpus "$data_model")
[ -n "$ours" ] && [ "$ours" = "$theirs" ] || { echo "FAILED: another corpus than the unchanged file's: '$ours' against '$theirs'"; exit 1; }
echo "every verdict as expected, on the same corpus ($ours)"
