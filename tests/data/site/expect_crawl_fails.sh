#!/usr/bin/env bash
# expect_crawl_fails.sh SITE_CRAWL_SH SITE_DIR WORK_DIR: the site's crawl can
# fail. A copy of a site (SITE_DIR) is broken in each way a visitor would
# meet, and tests/site_crawl.sh must exit 1 and name each:
#   - a figure missing (the first SVG figure ch01.html shows, deleted);
#   - a link to a folder, "ch01/" (a static host answers 404);
#   - a link to an anchor the page does not have;
#   - raw maths left in the text ($x^2$), and a formula KaTeX could not
#     typeset (.katex-error);
#   - a console message;
#   - a page no link reaches.
# Exit 0 when every breakage is named, 1 otherwise, 77 when the crawl skips
# (no Chromium or BusyBox).
set -uo pipefail
crawl=${1:?usage: expect_crawl_fails.sh SITE_CRAWL_SH SITE_DIR WORK_DIR}
site=${2:?usage: expect_crawl_fails.sh SITE_CRAWL_SH SITE_DIR WORK_DIR}
work=${3:?usage: expect_crawl_fails.sh SITE_CRAWL_SH SITE_DIR WORK_DIR}
rm -rf "$work"
mkdir -p "$work" || exit 2
cp -r "$site" "$work/site" || exit 2
figure=$(grep -o -m1 'src="figures/[^"]*[.]svg"' "$site/ch01.html" | sed 's/^src="//; s/"$//')
[ -n "$figure" ] && [ -f "$work/site/$figure" ] || { echo "ch01.html shows no SVG figure to remove"; exit 2; }
rm "$work/site/$figure"
broken='<section id="broken">
<p><a href="ch01/">the chapter'"'"'s folder</a> and <a href="ch02.html#nowhere">an anchor that is not there</a></p>
<p>Raw maths: the score $x^2$ left as text, and <span class="katex-error" title="ParseError">\frac{1</span>.</p>
<script>console.error("workbook: a broken page");</script>
</section>'
BROKEN="$broken" awk '/<\/main>/ && !done { print ENVIRON["BROKEN"]; done = 1 } { print }' "$site/ch01.html" >"$work/site/ch01.html" || exit 2
cp "$site/glossary.html" "$work/site/orphan.html" || exit 2
"$crawl" "$work/site" "$work/crawl" >"$work/out.txt" 2>&1
rc=$?
cat "$work/out.txt"
[ "$rc" = 77 ] && exit 77
bad=0
[ "$rc" = 1 ] || { echo "expected exit 1 from site_crawl.sh, got $rc"; bad=1; }
for want in "FAIL ch01.html: image $figure answers 404" \
            "FAIL ch01.html: ch01/ names a folder, not a file" \
            'FAIL ch01.html: ch02.html#nowhere: no id "nowhere" there' \
            'FAIL ch01.html: raw maths left in the text: $x^2$' \
            'FAIL ch01.html: KaTeX error: \frac{1' \
            'FAIL orphan.html: no page links it' \
            'FAIL console messages:'; do
  grep -q -F "$want" "$work/out.txt" || { echo "NOT NAMED: $want"; bad=1; }
done
grep -q -F 'workbook: a broken page' "$work/out.txt" || { echo "NOT NAMED: the console message's text"; bad=1; }
# Only ch01.html was broken: no other page is named (the zh-TW and zh-CN pages show the same figure).
grep '^FAIL' "$work/out.txt" | grep -v -E '^FAIL (ch01.html|zh-TW/ch01.html|zh-CN/ch01.html|orphan.html|console messages)' |
  grep -q . && { echo "a page that was not broken was named"; bad=1; }
[ "$bad" = 0 ] && echo "every breakage named"
exit $bad
