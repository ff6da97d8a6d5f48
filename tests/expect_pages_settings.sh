#!/usr/bin/env bash
# expect_pages_settings.sh PAGES RUN WORK PLOTS ASSETS: each page says what its
# results came from, the corpus and every setting other than the course's
# (issue 43, 10: after ./workbook ch00 --corpus small.txt, ch00.html said
# "trained on the GCIDE dictionary" and nothing else).
# The made-up run RUN is copied into WORK with its chapter also as ch00 (so
# that chapter 0's own lesson, from PLOTS/../lessons, opens its page), run
# there with "--corpus small.txt --epochs 1 --note <b>x</b>" (run.tsv's
# settings, as the driver records them), and the pages written; then:
#   - ch00.html, in every language: under the opening lesson, the command with
#     those settings, not the course's; the footer names them too; the lesson
#     never says GCIDE without the other corpus; the markup stays text;
#   - ch01.html (run at the course's settings): the footer says so, no settings block;
#   - index.html and glossary.html: chapter 0's settings in the footer;
#   - the Chinese pages say it in their own words (zh-TW's catalogue), not in English.
# Exit 0 when all is as expected, 1 otherwise (each problem named).
set -uo pipefail
pages=${1:?usage: expect_pages_settings.sh PAGES RUN WORK PLOTS ASSETS}
run=${2:?} work=${3:?} plots=${4:?} assets=${5:?}
bad=0
fail() { echo "FAIL $*"; bad=1; }
rm -rf "$work" && mkdir -p "$work" || exit 2
cp -r "$run" "$work/run" && cp -r "$work/run/ch01" "$work/run/ch00" || exit 2
settings='--corpus small.txt --epochs 1 --note <b>x</b>'
awk -v s="$settings" 'BEGIN { FS = OFS = "\t" } $1 == "settings" { $2 = s } { print }' "$work/run/ch01/run.tsv" \
  >"$work/run/ch00/run.tsv" || exit 2
LANGUAGE=en "$pages" --out "$work/run" --plots "$plots" --assets "$assets" >"$work/out.txt" 2>&1 ||
  { fail "workbook_pages: exit $?"; cat "$work/out.txt"; exit 1; }

# text PAGE: the page's words, tags dropped and entities read, one line per source line
text() { sed -e 's/<[^>]*>//g' -e 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g' "$work/run/$1"; }
typed='--corpus small.txt --epochs 1 --note <b>x</b>'
for lang in "" zh-TW/ zh-CN/; do
  page=${lang}ch00.html
  grep -q -F '<div class="settings">' "$work/run/$page" || fail "$page: no settings block under the opening lesson"
  n=$(text "$page" | grep -c -F -- "./workbook ch00 $typed")
  [ "$n" -ge 2 ] || fail "$page: the command with its settings is said $n times (under the lesson and to run it yourself)"
  text "$page" | grep -F -- "$typed" | grep -q -v -F './workbook ch00' || fail "$page: the footer does not name the settings"
  grep -q -F '<b>x</b>' "$work/run/$page" && fail "$page: the settings' markup was not escaped"
  # The opening lesson (the summary block): GCIDE only with the other corpus beside it.
  intro=$(awk '/<div class="summary">/ { on = 1 } on { print } on && /<\/div>/ { exit }' "$work/run/$page")
  if grep -q GCIDE <<<"$intro"; then
    grep -q -F -- '--corpus' <<<"$intro" || fail "$page: the opening lesson says GCIDE and nothing of --corpus"
  fi
  page=${lang}ch01.html
  grep -q -F '<div class="settings">' "$work/run/$page" && fail "$page: a settings block at the course's settings"
  for page in ${lang}index.html ${lang}glossary.html; do
    text "$page" | grep -F -- "$typed" | grep -q -E '(Chapter|第) ?0' || fail "$page: the footer does not name chapter 0's settings"
  done
done
grep -q -F "It ran at the course's settings (its defaults)." <(text ch01.html) || fail "ch01.html: the footer does not say it ran at the course's settings"
grep -q -F "not at the course's settings." <(text ch00.html) || fail "ch00.html: the footer does not say the settings are not the course's"
for lang in zh-TW zh-CN; do
  for page in ch00.html ch01.html index.html; do
    text "$lang/$page" | grep -q -E "course's settings|Other settings" && fail "$lang/$page: settings said in English"
  done
done
[ $bad = 0 ] && echo "ok   each page names its chapter's settings (chapter 0's corpus among them) in every language"
exit $bad
