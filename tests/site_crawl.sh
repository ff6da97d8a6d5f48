#!/usr/bin/env bash
# site_crawl.sh SITE_DIR WORK_DIR: the published site (workbook_pages --site,
# ./workbook site) as a visitor meets it. SITE_DIR is served over HTTP from
# 127.0.0.1 by BusyBox's httpd, a static server that answers a folder
# without an index.html with 404 as most static hosts do (under a path,
# /site/, as a class's site often is), and headless Chromium crawls it from
# index.html, one browser start for the whole site: a page of this test
# opens each page of the site in a frame, and
#   - every link, image, script and style sheet of the page, and every font
#     its style sheets name, must answer 200 (fetched like the browser does);
#     a link that names a folder ("ch03/") fails even where the host would
#     list it, and one that leaves the site fails;
#   - every #anchor must be an id of the page it points into;
#   - the formulas are rendered: no KaTeX error (.katex-error), none refused
#     (.tex-failed) or waiting (span.tex), and no raw $...$ left in the text
#     (outside <pre>, <code>, KaTeX's output and the evidence, which is what
#     the chapter printed); every chapter page has some (.katex);
#   - every page the site links in .html is crawled in turn, and every .html
#     file of SITE_DIR must have been reached by a link;
#   - the browser's console stays silent on every page.
# It prints what it checked (pages, links, images, scripts, style sheets,
# fonts) and exits 0 when everything passes, 1 listing every failure, 77
# (skipped, one line) without Chromium or BusyBox, 2 on bad arguments.
# CHROMIUM names the browser (default: chromium, then chromium-browser).
set -uo pipefail
site=${1:?usage: site_crawl.sh SITE_DIR WORK_DIR}
work=${2:?usage: site_crawl.sh SITE_DIR WORK_DIR}

. "$(dirname "$0")/find_chromium.sh"   # browser, or exit 77
if ! command -v busybox >/dev/null 2>&1 || ! busybox httpd --help >/dev/null 2>&1; then
  echo "SKIPPED: BusyBox's httpd is not installed (Debian: apt-get install busybox)"
  exit 77
fi
if ! [ -f "$site/index.html" ]; then
  echo "$site: no index.html there (workbook_pages --site writes a site)"
  exit 2
fi
site=$(cd "$site" && pwd)
rm -rf "$work"
mkdir -p "$work/www" || exit 2
work=$(cd "$work" && pwd)
ln -s "$site" "$work/www/site" || exit 2

# The types a static host gives (BusyBox's own table lacks SVG and the fonts:
# an SVG served as application/octet-stream is no image).
cat >"$work/httpd.conf" <<'CONF'
.svg:image/svg+xml
.woff2:font/woff2
.woff:font/woff
.ttf:font/ttf
.md:text/markdown; charset=utf-8
.dat:text/plain; charset=utf-8
.tsv:text/plain; charset=utf-8
.txt:text/plain; charset=utf-8
CONF

# The crawler: opens each page in a frame (same origin, so its DOM can be
# read), waits for render.js (data-page-height, set once KaTeX has run and
# the page has loaded) and its fonts, checks it, and leaves its findings in
# base64 in the attribute data-crawl of <html>, the counts in data-counts.
cat >"$work/www/crawl.html" <<'CRAWL'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>crawl</title></head>
<body><iframe id="page" style="width: 1100px; height: 900px; border: 0"></iframe>
<script>
(async function () {
  var base = new URL("site/", location.href).href, start = base + "index.html";
  var problems = [], say = function (s) { if (problems.length < 100) problems.push(s); };
  var counts = { pages: 0, links: 0, images: 0, scripts: 0, stylesheets: 0, fonts: 0, files: 0, formulas: 0 };
  var answers = new Map(), ids = new Map(), anchors = [], queue = [start], queued = new Set([start]);
  var frame = document.getElementById("page");
  var pause = function (ms) { return new Promise(function (r) { setTimeout(r, ms); }); };
  function answer(url) {         // the status the server gives for a file, asked once
    if (!answers.has(url)) {
      counts.files++;
      answers.set(url, fetch(url, { cache: "no-store" }).then(function (r) {
        if (r.body) r.body.cancel();
        return r.status;
      }, function (e) { return "no answer (" + e.message + ")"; }));
    }
    return answers.get(url);
  }
  function open(url) {
    return new Promise(function (resolve) {
      var timer = setTimeout(function () { resolve(false); }, 30000);
      frame.onload = function () { clearTimeout(timer); resolve(true); };
      frame.src = url;
    });
  }
  function rawMaths(doc) {       // text with $...$ left outside what is not typeset on purpose
    var found = [], walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    for (var n; (n = walker.nextNode());) {
      if (n.parentElement.closest("pre, code, script, style, .katex, details.evidence, .printed")) continue;
      var m = n.nodeValue.match(/\$\$|\$[^$\s][^$]*\$/);
      if (m && found.length < 3) found.push(m[0].slice(0, 60));
    }
    return found;
  }
  while (queue.length) {
    var url = queue.shift(), name = url.slice(base.length);
    counts.pages++;
    if (!(await open(url)) || !frame.contentDocument || !frame.contentDocument.body) {
      say(name + ": did not load");
      continue;
    }
    var doc = frame.contentDocument;
    for (var i = 0; i < 200 && !doc.documentElement.hasAttribute("data-page-height"); i++) await pause(50);
    if (!doc.documentElement.hasAttribute("data-page-height")) say(name + ": render.js did not finish");
    await doc.fonts.ready;
    ids.set(url, new Set(Array.prototype.map.call(doc.querySelectorAll("[id]"), function (e) { return e.id; })));
    // formulas
    var katex = doc.querySelectorAll(".katex").length;
    counts.formulas += katex;
    if (/ch[0-9][0-9]\.html$/.test(name) && katex === 0) say(name + ": no formula rendered (.katex)");
    doc.querySelectorAll(".katex-error").forEach(function (e) { say(name + ": KaTeX error: " + e.textContent.slice(0, 60)); });
    doc.querySelectorAll(".tex-failed").forEach(function (e) { say(name + ": formula refused by KaTeX: " + e.getAttribute("data-tex")); });
    doc.querySelectorAll("span.tex").forEach(function (e) { say(name + ": formula not rendered: " + e.getAttribute("data-tex")); });
    rawMaths(doc).forEach(function (t) { say(name + ": raw maths left in the text: " + t); });
    // what the page refers to
    var refs = [];
    doc.querySelectorAll("a[href]").forEach(function (e) { refs.push(["links", e.getAttribute("href"), e.href]); });
    doc.querySelectorAll("img[src]").forEach(function (e) { refs.push(["images", e.getAttribute("src"), e.src]); });
    doc.querySelectorAll("script[src]").forEach(function (e) { refs.push(["scripts", e.getAttribute("src"), e.src]); });
    doc.querySelectorAll("link[href]").forEach(function (e) {
      refs.push([e.rel === "stylesheet" ? "stylesheets" : "links", e.getAttribute("href"), e.href]);
    });
    Array.prototype.forEach.call(doc.styleSheets, function (sheet) {
      var rules;
      try { rules = sheet.cssRules; } catch (e) { say(name + ": style sheet " + sheet.href + " cannot be read"); return; }
      Array.prototype.forEach.call(rules, function (rule) {
        if (rule.type !== CSSRule.FONT_FACE_RULE) return;
        var src = rule.style.getPropertyValue("src"), re = /url\(\s*["']?([^"')]+)["']?\s*\)/g, m;
        while ((m = re.exec(src))) refs.push(["fonts", m[1], new URL(m[1], sheet.href || url).href]);
      });
    });
    for (var k = 0; k < refs.length; k++) {
      var kind = refs[k][0], raw = refs[k][1], target = new URL(refs[k][2]);
      counts[kind]++;
      if (!target.href.startsWith(base)) { say(name + ": " + raw + " leaves the site"); continue; }
      var file = target.href.split("#")[0];
      if (file.endsWith("/")) { say(name + ": " + raw + " names a folder, not a file (a static host answers 404)"); continue; }
      var status = await answer(file);
      if (status !== 200) { say(name + ": " + kind.replace(/s$/, "") + " " + raw + " answers " + status); continue; }
      if (target.hash.length > 1) anchors.push([name, raw, file, decodeURIComponent(target.hash.slice(1))]);
      if (kind === "links" && /\.html$/.test(target.pathname) && !queued.has(file)) {
        queued.add(file);
        queue.push(file);
      }
    }
  }
  anchors.forEach(function (a) {
    var there = ids.get(a[2]);
    if (there && !there.has(a[3])) say(a[0] + ": " + a[1] + ": no id \"" + a[3] + "\" there");
  });
  var root = document.documentElement;
  root.setAttribute("data-pages", Array.from(queued).map(function (u) { return u.slice(base.length); }).join(" "));
  root.setAttribute("data-counts", Object.keys(counts).map(function (key) { return key + "=" + counts[key]; }).join(" "));
  root.setAttribute("data-crawl", btoa(unescape(encodeURIComponent(problems.join("\n")))));
})();
</script></body></html>
CRAWL

# The server, on a free port of 127.0.0.1 (a few tries: another program may hold one).
server=""
for try in 1 2 3 4 5 6 7 8 9 10; do
  port=$((20000 + RANDOM % 30000))
  busybox httpd -f -p "127.0.0.1:$port" -h "$work/www" -c "$work/httpd.conf" 2>"$work/httpd.log" &
  pid=$!
  for wait in 1 2 3 4 5 6 7 8 9 10; do
    if ! kill -0 "$pid" 2>/dev/null; then break; fi
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then server=$pid; break 2; fi
    sleep 0.1
  done
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
done
if [ -z "$server" ]; then
  echo "FAIL BusyBox's httpd could not serve on 127.0.0.1:"; tail -3 "$work/httpd.log"
  exit 1
fi
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT

# One browser start: a new empty profile, nothing from the network but this server.
# (Virtual time stands still while a page or a file is being fetched, so the
# budget is an upper bound the crawl does not wait out.)
profile=$(mktemp -d "$work/profile.XXXXXX")
timeout 300 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars --enable-logging=stderr --v=0 \
  --window-size=1200,1000 --virtual-time-budget=600000 --dump-dom \
  "http://127.0.0.1:$port/crawl.html" >"$work/crawl.dom" 2>"$work/browser.log"
rc=$?
rm -rf "$profile"

bad=0
fail() { echo "FAIL $*"; bad=1; }
[ $rc = 0 ] || { fail "the browser failed (exit $rc):"; tail -5 "$work/browser.log"; }
attribute() { grep -o "$1=\"[^\"]*\"" "$work/crawl.dom" | head -1 | sed "s/^$1=\"//; s/\"\$//"; }
if ! grep -q 'data-crawl=' "$work/crawl.dom"; then
  fail "the crawl did not finish (no data-crawl in the page)"
else
  while IFS= read -r problem; do
    [ -n "$problem" ] && fail "$problem"
  done < <(attribute data-crawl | base64 -d; echo)
  # every page of the site reached by a link
  read -r -a reached <<<"$(attribute data-pages)"
  while IFS= read -r page; do
    found=false
    for r in "${reached[@]}"; do [ "$r" = "$page" ] && found=true && break; done
    $found || fail "$page: no page links it (the crawl from index.html never reached it)"
  done < <(cd "$site" && find . -name '*.html' | sed 's|^\./||' | sort)
fi
if grep -q 'CONSOLE' "$work/browser.log"; then
  fail "console messages:"; grep 'CONSOLE' "$work/browser.log" | head -10 | sed 's/^/    /'
fi
counts=$(attribute data-counts)
count() { printf '%s\n' "$counts" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
size=$(du -sk "$site" | cut -f1)
echo "crawled $site over http://127.0.0.1:$port/site/: $(count pages) pages, $(count links) links," \
     "$(count images) images, $(count scripts) scripts, $(count stylesheets) style sheets, $(count fonts) fonts" \
     "($(count files) files fetched), $(count formulas) formulas rendered; the site: $(find "$site" -type f | wc -l)" \
     "files, $((size / 1024)) MiB"
[ $bad = 0 ] && echo "ok   every page, link, image, script, style sheet and font answers 200; formulas rendered; console silent"
exit $bad
