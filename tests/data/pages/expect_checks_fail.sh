#!/usr/bin/env bash
# expect_checks_fail.sh BROWSER_PAGES_SH PAGES_DIR WORK_DIR: the browser
# checks can fail. A copy of the made-up run's pages (PAGES_DIR) gets, in
# ch01.html, one piece of each kind the measured checks look for; then
# tests/browser_pages.sh must exit 1 and name each of them at 1100 and at
# 400 pixels:
#   - a formula half typeset: "W_Q" as text next to a typeset W_K;
#   - a formula KaTeX refuses (\frac{1), and one added after KaTeX ran, so
#     it stays a span.tex (class "tex tex-display", which the DOM grep of the
#     older check does not see);
#   - a table and a <pre> clipped (wider content, overflow-x hidden), and a
#     table cut by a box that hides what sticks out of the window;
#   - an image not linked, and one linked to another file;
#   - a display formula wider than its box (added after render.js fitted
#     the formulas), an option's code span broken across lines, a line
#     starting with "。", and (at 400 pixels) a glossary wider than the page;
#   - a figure whose text is drawn 6 pixels high at its own size (the
#     made-up figure with every font size set to 6), named once, not per width;
#   - and, run again with no CJK font (fontconfig told of DejaVu only), the
#     Chinese pages' characters drawn as boxes.
# Exit 0 when every breakage is named, 1 otherwise, 77 when the browser test
# skips (no Chromium).
set -uo pipefail
check=${1:?usage: expect_checks_fail.sh BROWSER_PAGES_SH PAGES_DIR WORK_DIR}
pages=${2:?usage: expect_checks_fail.sh BROWSER_PAGES_SH PAGES_DIR WORK_DIR}
work=${3:?usage: expect_checks_fail.sh BROWSER_PAGES_SH PAGES_DIR WORK_DIR}
rm -rf "$work"
mkdir -p "$work" || exit 2
cp -r "$pages" "$work/pages" || exit 2
broken='<section id="broken">
<p>Half typeset: the score W_Q next to <span class="tex" data-tex="W_K">W_K</span>.</p>
<p>Refused: <span class="tex" data-tex="\frac{1">1/</span>.</p>
<p id="late">Added late: </p>
<script>window.addEventListener("load", function () {
  var s = document.createElement("span");
  s.className = "tex tex-display"; s.setAttribute("data-tex", "y = x^2"); s.textContent = "y = x2";
  document.getElementById("late").appendChild(s);
});</script>
<table style="display: block; width: 150px; overflow-x: hidden"><tr><td style="white-space: nowrap">a clipped table with a long row of numbers 1 2 3 4 5 6 7 8 9 10 11 12</td></tr></table>
<pre style="overflow-x: hidden; white-space: pre">a clipped pre with one long line of numbers 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30</pre>
<div style="overflow: hidden"><table style="width: 3000px"><tr><td>a table wider than any window</td></tr></table></div>
<p id="wide">A wide display formula: </p>
<script>window.addEventListener("load", function () {
  var s = document.createElement("span");
  s.className = "tex-done tex-display"; s.style.whiteSpace = "nowrap";
  s.textContent = "a display formula far wider than any window: " + "x + ".repeat(400) + "y";
  document.getElementById("wide").appendChild(s);
});</script>
<p style="width: 8em">An option <code class="option" style="white-space: normal">--position k --another-option</code> broken.</p>
<p lang="zh-Hant">一句話<br>。下一行</p>
<div class="table-box"><table class="glossary" style="width: 900px"><tr><td>a glossary too wide</td></tr></table></div>
<p><img src="figures/ch01_output_d.svg" alt="an unlinked figure"></p>
<p><a href="index.html"><img src="figures/ch01_output_d.png" alt="a figure linked elsewhere"></a></p>
<p><a href="figures/tiny_text.svg"><img src="figures/tiny_text.svg" alt="a figure with tiny text"></a></p>
</section>'
sed -E 's/font-size="[0-9.]+"/font-size="6"/g' "$pages/figures/ch01_output_d.svg" >"$work/pages/figures/tiny_text.svg" || exit 2
# only_pages DIR PAGE...: DIR's PAGES_MANIFEST keeps of its pages only these
# (index.html is always checked), so each run starts the browser only for the
# pages its breakage is on (a start costs a second or more).
only_pages() {
  local dir=$1
  shift
  awk -v keep=" $* " '!/\.html$/ || index(keep, " " $0 " ")' "$pages/PAGES_MANIFEST" >"$dir/PAGES_MANIFEST" || exit 2
}
only_pages "$work/pages" ch01.html
BROKEN="$broken" awk '/<\/main>/ && !done { print ENVIRON["BROKEN"]; done = 1 } { print }' "$pages/ch01.html" >"$work/pages/ch01.html" || exit 2
"$check" --checks-only "$work/pages" "$work/shots" >"$work/out.txt" 2>&1
rc=$?
cat "$work/out.txt"
[ "$rc" = 77 ] && exit 77
bad=0
[ "$rc" = 1 ] || { echo "expected exit 1 from browser_pages.sh, got $rc"; bad=1; }
for width in 1100 400; do
  for want in "raw '_' in the text (maths not typeset) in <p>: Half typeset: the score W_Q" \
              'formula refused by KaTeX (tex-failed): \frac{1' \
              'formula not rendered (span.tex): y = x^2' \
              'table clipped: ' 'pre clipped: ' 'table reaches outside the' \
              'image not linked to its full-size file: figures/ch01_output_d.svg' \
              'image figures/ch01_output_d.png links to index.html, not to its own full-size file' \
              'display formula wider than its box' 'option broken across lines: --position k' \
              "a line starts with closing punctuation '。'"; do
    grep -q -F "ch01.html at $width px: $want" "$work/out.txt" || { echo "NOT NAMED at $width px: $want"; bad=1; }
  done
done
grep -q -F "ch01.html at 400 px: glossary wider than the page" "$work/out.txt" ||
  { echo "NOT NAMED at 400 px: the glossary wider than the page"; bad=1; }
grep -q -E '^FAIL figures: figures/tiny_text[.]svg at its own size: text ".*" is 6[.]0 px, below [0-9]+ px' "$work/out.txt" ||
  { echo "NOT NAMED: the figure with 6-pixel text"; bad=1; }
grep -q -F 'figures/ch01_output_d.svg at its own size' "$work/out.txt" &&
  { echo "the made-up figure (13-pixel text) was named as too small"; bad=1; }
# The unbroken page passes.
grep -q -F "ok   index.html" "$work/out.txt" || { echo "index.html did not pass"; bad=1; }
# Without a CJK font (fontconfig told of DejaVu only), every Chinese page's
# characters are drawn as boxes, and the check says so.
mkdir -p "$work/fonts" || exit 2
cat >"$work/fonts/fonts.conf" <<FONTS
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>$work/fonts/cache</cachedir></fontconfig>
FONTS
cp -r "$pages" "$work/pages-no-cjk" || exit 2
only_pages "$work/pages-no-cjk" zh-TW/index.html zh-CN/index.html
FONTCONFIG_FILE="$work/fonts/fonts.conf" "$check" --checks-only "$work/pages-no-cjk" "$work/shots-no-cjk" >"$work/no-cjk.txt" 2>&1
rc=$?
[ "$rc" = 1 ] || { echo "expected exit 1 from browser_pages.sh without a CJK font, got $rc"; bad=1; }
for page in zh-TW/index.html zh-CN/index.html; do
  grep -q -E "^FAIL $page at 1100 px: [0-9]+ of [0-9]+ Chinese characters drawn as a box" "$work/no-cjk.txt" ||
    { echo "NOT NAMED without a CJK font: $page's characters drawn as boxes"; bad=1; }
done
grep -q -E "^FAIL index.html.*drawn as a box" "$work/no-cjk.txt" &&
  { echo "the English index was said to draw Chinese as boxes"; bad=1; }
[ "$bad" = 0 ] && echo "every breakage named at 1100 and 400 px"
exit $bad
