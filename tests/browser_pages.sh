#!/usr/bin/env bash
# browser_pages.sh PAGES_DIR SHOTS_DIR: load every page workbook_pages wrote
# in PAGES_DIR (index.html, glossary.html and each chNN.html that
# PAGES_MANIFEST lists, and the same in each language's folder, zh-TW/ and
# zh-CN/) in headless Chromium and check, for each page:
#   - the browser's console stays silent (no errors, no messages at all; the
#     pages log only when an image fails to load);
#   - every formula was rendered by KaTeX: no span still waiting (class
#     "tex"), none KaTeX refused ("tex-failed"), at least one rendered on a
#     chapter page, and no TeX delimiter (\( \) \[ \] $$) in the rendered DOM;
#   - every image loaded (render.js marks one that did not, "img-failed");
#   - every href and src in the rendered DOM names a file that exists next
#     to the pages (offline: no http links), and every #anchor an id of the
#     page it points into; the KaTeX fonts the style sheet names exist;
#   - in a 1100-pixel and a 400-pixel window (a frame 400 pixels wide:
#     headless Chromium makes no window narrower than 500), measured in the
#     page by a script this test adds to a copy of it (the pages themselves
#     carry no test code), with every <details> opened (the answers, the
#     evidence):
#       * at 400 pixels the page does not scroll sideways;
#       * no raw maths in the visible text: no '_' or '^' outside <pre>,
#         <code>, KaTeX's output and a quotation of a document (「...」 or
#         “...”, its text as written) (a formula written as text, or half
#         typeset: "W_Q" next to a typeset W_K). The folded evidence
#         (details.evidence) and a statement or finding shown where a lesson
#         has no words (class "printed") are what the chapter printed, plain
#         text, and are not looked at;
#       * no formula waiting (span.tex) or refused by KaTeX (.tex-failed);
#       * no table, <pre> or display formula clipped: content wider than its
#         box only where the box scrolls (overflow-x auto or scroll), and no
#         such box and no formula reaching outside the window;
#       * every image is a link to its own full-size file (the same figure,
#         SVG or PNG);
#       * every display formula fits its box (render.js draws a wide one
#         smaller), no option name (<code>--...) breaks across lines, no line
#         starts with closing punctuation (，。、：；！？」』）》〉, and zh-CN's ”), and the
#         glossary fits the page at both widths (at 400 pixels a card per term);
#       * on a Chinese page (lang zh-...), no Chinese character is drawn as
#         a box: each distinct CJK character of the page's text, drawn in the
#         page's font, must differ from the drawing of a character no font
#         has (U+10FFFD: the missing-glyph box), and the page must have some;
#   - every SVG figure the pages link to, opened at its own size (a phone
#     shows a figure shrunk to the page; a tap opens it full size): every
#     piece of text in it (each <text> and <tspan> with text of its own)
#     is drawn at least MIN_FIGURE_TEXT_PX (9) CSS pixels high (its font size
#     times the scale the SVG is drawn at), measured by a script added to a
#     copy of each figure, all of them in one page of frames, one browser
#     start;
#   - a screenshot of the whole page at 1100 pixels wide, SHOTS_DIR/NAME.png,
#     and of the top of it at 400 pixels, SHOTS_DIR/NAME-narrow.png, for a
#     person to look at.
# Exit 0 when every check passes, 1 (listing every failure) otherwise, 77
# (skipped) when Chromium is not installed, 2 on bad arguments. With
# --skip-if-no-pages, a PAGES_DIR without pages is skipped (77) too. With
# --checks-only, no screenshot, and the pages in batches of BATCH_PAGES, one
# browser start each (a page of frames: every page at 1100 and at 400
# pixels), instead of three starts a page: for pages that are checked, not
# looked at (each start costs a second or two; 36 pages took 3.5 minutes
# one by one, a third of that in batches).
# CHROMIUM names the browser (default: chromium, then chromium-browser).
set -uo pipefail
skip_if_no_pages=false
checks_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-if-no-pages) skip_if_no_pages=true; shift ;;
    --checks-only) checks_only=true; shift ;;
    *) break ;;
  esac
done
pages=${1:?usage: browser_pages.sh [--skip-if-no-pages] [--checks-only] PAGES_DIR SHOTS_DIR}
shots=${2:?usage: browser_pages.sh PAGES_DIR SHOTS_DIR}

. "$(dirname "$0")/find_chromium.sh"   # browser, or exit 77
if ! [ -f "$pages/index.html" ] || ! [ -f "$pages/PAGES_MANIFEST" ]; then
  if $skip_if_no_pages; then
    echo "SKIPPED: $pages holds no pages (run ./workbook first)"
    exit 77
  fi
  echo "$pages: no index.html and PAGES_MANIFEST there (workbook_pages writes them)"
  exit 2
fi
pages=$(cd "$pages" && pwd)
mkdir -p "$shots" || exit 2
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT

# One browser start: a new empty profile each time, nothing from the network.
# A start that fails or hangs past 120 s (seen once on a machine loaded by a
# parallel build) is tried once more: that is the browser's failure, not the
# page's, and every check still reads the second start's output.
run_browser() {  # run_browser OUT_FILE LOG_FILE ARGS... URL
  local out=$1 log=$2
  shift 2
  local profile rc attempt
  for attempt in 1 2; do
    profile=$(mktemp -d "$work/profile.XXXXXX")
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir="$profile" --hide-scrollbars --enable-logging=stderr --v=0 \
      --virtual-time-budget="${budget:-1000}" "$@" >"$out" 2>"$log"
    rc=$?
    rm -rf "$profile"
    [ $rc -eq 0 ] && return 0
    [ $attempt -eq 1 ] && echo "note: the browser exited $rc (124: timed out); starting it once more"
  done
  return $rc
}

bad=0
failures=0
fail() { echo "FAIL $*"; bad=1; failures=$((failures + 1)); }

# The measured checks: a script added at the end of a copy of each page. It
# runs once the page has loaded (KaTeX has run) and its fonts are ready,
# opens every <details>, measures, closes them again (a screenshot shows the
# page as a reader first sees it) and leaves its findings, one a line, in
# base64 in the attribute data-browser-checks of <html>.
cat >"$work/checks.js" <<'CHECKS'
(function () {
  if (document.currentScript) document.currentScript.remove();
  function run() {
    var problems = [];
    var say = function (s) { if (problems.length < 30) problems.push(s); };
    var brief = function (t) { t = t.replace(/\s+/g, " ").trim(); return t.length > 90 ? t.slice(0, 87) + "..." : t; };
    var root = document.documentElement;
    var width = root.clientWidth;
    var closed = [];
    document.querySelectorAll("details").forEach(function (d) { if (!d.open) { closed.push(d); d.open = true; } });
    // (opening one runs the page's toggle handler, render.js's fitting, only later: run it now)
    if (typeof fitFormulas === "function") fitFormulas();
    // Formulas: each one rendered by KaTeX.
    document.querySelectorAll("span.tex").forEach(function (el) {
      say("formula not rendered (span.tex): " + brief(el.getAttribute("data-tex") || el.textContent));
    });
    document.querySelectorAll(".tex-failed").forEach(function (el) {
      say("formula refused by KaTeX (tex-failed): " + brief(el.getAttribute("data-tex") || el.textContent));
    });
    // Raw maths in the visible text.
    var skip = "pre, code, .katex, .evidence, .printed, script, style";
    var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (var node = walk.nextNode(); node; node = walk.nextNode()) {
      var el = node.parentElement;
      if (!el || el.closest(skip) || el.getClientRects().length === 0) continue;
      // (a quotation of a document, 「...」 or “...”, is its text as written:
      // Doc A writes 10000^(2i/d))
      var text = node.nodeValue.replace(/「[^」]*」|“[^”]*”/g, function (q) { return q.replace(/[_^]/g, " "); });
      var at = text.search(/[_^]/);
      if (at < 0) continue;
      say("raw '" + text[at] + "' in the text (maths not typeset) in <" + el.tagName.toLowerCase() + ">: " +
          brief(text.slice(Math.max(0, at - 40), at + 40)));
    }
    // Boxes: whole, or scrolling in their own box; nothing beyond the window.
    // (A box's content wider than the box is clipped by the box itself or the
    // nearest ancestor that does not let it show, unless that one scrolls.)
    var scroller = function (el) {
      for (var a = el; a && a !== document.body; a = a.parentElement) {
        var ov = getComputedStyle(a).overflowX;
        if (ov !== "visible") return { el: a, scrolls: ov === "auto" || ov === "scroll", overflow: ov };
      }
      return null;
    };
    document.querySelectorAll("table, pre, .tex-display, .katex-display").forEach(function (el) {
      if (el.getClientRects().length === 0) return;
      var name = el.tagName.toLowerCase() + (el.classList.length ? "." + el.classList[0] : "");
      var box = el.getBoundingClientRect(), holder = scroller(el);
      if (el.scrollWidth > el.clientWidth + 1) {
        if (holder && !holder.scrolls)
          say(name + " clipped: " + el.scrollWidth + " px of content in a " + el.clientWidth +
              " px box that does not scroll (overflow-x " + holder.overflow + "): " + brief(el.textContent));
        else if (!holder && box.left + el.scrollWidth > width + 1)
          say(name + " sticks out of the " + width + " px window (" + el.scrollWidth + " px of content from " +
              Math.round(box.left) + " px): " + brief(el.textContent));
      }
      if ((!holder || !holder.scrolls || holder.el === el) && (box.left < -1 || box.right > width + 1))
        say(name + " reaches outside the " + width + " px window (" + Math.round(box.left) + " to " +
            Math.round(box.right) + " px): " + brief(el.textContent));
    });
    document.querySelectorAll(".katex").forEach(function (el) {
      var box = el.getBoundingClientRect();
      if (box.width === 0 || (box.left >= -1 && box.right <= width + 1)) return;
      for (var a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        var ov = getComputedStyle(a).overflowX;
        if (ov === "auto" || ov === "scroll") return;   // it scrolls in its own box
      }
      var tex = el.querySelector("annotation");
      say("formula reaches outside the " + width + " px window (" + Math.round(box.left) + " to " +
          Math.round(box.right) + " px): " + brief(tex ? tex.textContent : el.textContent));
    });
    // A display formula fits its box (render.js draws a wide one smaller): one
    // that scrolls hides its end on a phone.
    document.querySelectorAll(".tex-display").forEach(function (el) {
      if (el.getClientRects().length === 0 || el.scrollWidth <= el.clientWidth + 1) return;
      var tex = el.querySelector("annotation");
      say("display formula wider than its box (" + el.scrollWidth + " px in " + el.clientWidth +
          " px: its end hidden): " + brief(tex ? tex.textContent : el.textContent));
    });
    // An option name and its argument stay on one line.
    document.querySelectorAll("code").forEach(function (el) {
      if (el.closest("pre") || !/^--/.test(el.textContent) || el.getClientRects().length <= 1) return;
      say("option broken across lines: " + brief(el.textContent));
    });
    // The glossary fits the page, at every width (at phone width a card per
    // term): no sideways scrolling, though its box would allow it.
    document.querySelectorAll("table.glossary").forEach(function (el) {
      var box = el.parentElement.clientWidth;
      if (el.scrollWidth > box + 1 || el.getBoundingClientRect().right > width + 1)
        say("glossary wider than the page (" + el.scrollWidth + " px in " + box + " px)");
    });
    // No line starts with closing punctuation (a lone "。" at a line's start).
    var closing = /[，。、：；！？」』）》〉”]/g;
    var blocks = "p, li, td, th, dd, dt, figcaption, summary, h1, h2, h3, div, section, main";
    var words = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (var t = words.nextNode(); t; t = words.nextNode()) {
      var holder = t.parentElement;
      if (!holder || holder.closest("pre, script, style, .katex") || holder.getClientRects().length === 0) continue;
      var block = holder.closest(blocks);
      if (!block) continue;
      var bs = getComputedStyle(block), bb = block.getBoundingClientRect();
      if (bs.textAlign === "center" || bs.textAlign === "right") continue;
      var lineStart = bb.left + parseFloat(bs.paddingLeft) + parseFloat(bs.borderLeftWidth);
      var m;
      closing.lastIndex = 0;
      while ((m = closing.exec(t.nodeValue)) !== null) {
        var r = document.createRange();
        r.setStart(t, m.index);
        r.setEnd(t, m.index + 1);
        var rect = r.getClientRects()[0];
        if (!rect || Math.abs(rect.left - lineStart) > 1.5 || rect.top <= bb.top + parseFloat(bs.paddingTop) + 1) continue;
        say("a line starts with closing punctuation '" + m[0] + "': " +
            brief(t.nodeValue.slice(Math.max(0, m.index - 30), m.index + 10)));
      }
    }
    // Figures: each image a link to its own full-size file.
    var stem = function (u) { return u.replace(/[?#].*$/, "").replace(/[.](svg|png)$/i, ""); };
    document.querySelectorAll("img").forEach(function (img) {
      var link = img.closest("a[href]");
      if (!link) say("image not linked to its full-size file: " + img.getAttribute("src"));
      else if (stem(link.href) !== stem(img.src))
        say("image " + img.getAttribute("src") + " links to " + link.getAttribute("href") +
            ", not to its own full-size file");
    });
    // Chinese: every CJK character drawn with a glyph, not the missing-glyph box.
    if (/^zh/.test(root.lang || "")) {
      var seen = {}, chars = [];
      var cjk = /[\u3400-\u9fff\uf900-\ufaff]/g;
      (document.body.innerText || "").replace(cjk, function (c) { if (!seen[c]) { seen[c] = 1; chars.push(c); } return c; });
      var canvas = document.createElement("canvas");
      canvas.width = canvas.height = 40;
      var ctx = canvas.getContext("2d", { willReadFrequently: true });
      ctx.font = "32px " + getComputedStyle(document.body).fontFamily;
      ctx.textBaseline = "top";
      var draw = function (c) { ctx.clearRect(0, 0, 40, 40); ctx.fillText(c, 2, 2); return ctx.getImageData(0, 0, 40, 40).data.join(","); };
      var missing = draw(String.fromCodePoint(0x10FFFD)), boxes = [];
      chars.forEach(function (c) { if (draw(c) === missing) boxes.push(c); });
      if (chars.length === 0) say("a Chinese page without Chinese characters");
      if (boxes.length) say(boxes.length + " of " + chars.length + " Chinese characters drawn as a box (no CJK font): " + boxes.slice(0, 20).join(""));
    }
    closed.forEach(function (d) { d.open = false; });
    var found = {
      checks: btoa(unescape(encodeURIComponent(problems.join("\n")))),
      width: String(width),
      overflow: String(Math.max(0, root.scrollWidth - root.clientWidth))
    };
    // In the narrow frame (see below): to the frame's page, whose DOM is dumped.
    // (a batch's frame, --checks-only, sends its name and its DOM too: the
    // page of frames keeps them for the checks below)
    if (window.parent !== window)
      window.parent.postMessage({ browserChecks: found, frame: window.name,
                                  dom: "<!DOCTYPE html>\n" + root.outerHTML }, "*");
    else for (var key in found) root.setAttribute("data-browser-" + key, found[key]);
  }
  window.addEventListener("load", function () {
    setTimeout(function () { (document.fonts ? document.fonts.ready : Promise.resolve()).then(run); }, 0);
  });
})();
CHECKS
# A copy of the pages' folder with the script in each page: the pages copied,
# everything else (assets, figures, the chapters' folders) linked. And for
# each page NAME.html a page NAME-400.html that shows it in a frame 400
# pixels wide: headless Chromium makes no window narrower than 500 pixels,
# a frame is as narrow as it is told (the page's media queries follow it).
# The frame's script sends its findings to that page, which keeps them in
# the same attributes.
site="$work/site"
mkdir -p "$site" || exit 2
# A page of the language folder DIR ("" or "zh-TW/"): copied with the script, and its frame page.
instrument() {  # instrument DIR BASE
  local dir=$1 base=$2
  awk -v script="$work/checks.js" '
    /<\/body>/ && !done { print "<script>"; while ((getline line < script) > 0) print line; print "</script>"; done = 1 }
    { print }' "$pages/$dir$base" >"$site/$dir$base" || exit 2
  cat >"$site/$dir${base%.html}-400.html" <<FRAME || exit 2
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>$base at 400 px</title>
<style>body { margin: 0; background: #bbb; } iframe { display: block; width: 400px; height: 1600px; border: 0; background: #fff; }</style>
</head><body><iframe src="$base"></iframe>
<script>
window.addEventListener("message", function (e) {
  var found = e.data && e.data.browserChecks;
  if (!found) return;
  for (var key in found) document.documentElement.setAttribute("data-browser-" + key, found[key]);
});
</script></body></html>
FRAME
}
for entry in "$pages"/*; do
  base=${entry##*/}
  case "$base" in
    index.html|glossary.html|ch[0-9][0-9].html) instrument "" "$base" ;;
    zh-TW|zh-CN)
      mkdir -p "$site/$base" || exit 2
      for inner in "$entry"/*; do
        case "${inner##*/}" in
          index.html|glossary.html|ch[0-9][0-9].html) instrument "$base/" "${inner##*/}" ;;
          *) ln -s "$inner" "$site/$base/${inner##*/}" || exit 2 ;;
        esac
      done ;;
    *) ln -s "$entry" "$site/$base" || exit 2 ;;
  esac
done
# measured_checks DOM_FILE PAGE WIDTH: a FAIL for each finding the script
# left in DOM_FILE (and for a window narrower than WIDTH, or a page wider
# than its window at 400 pixels); then the attributes are taken out (the
# other checks read the page's own DOM). (In a batch, DOM_FILE is a file of
# the attributes alone, the frame's findings.)
measured_checks() {
  local dom=$1 page=$2 width=$3 coded measured over
  if ! grep -q 'data-browser-checks=' "$dom"; then
    fail "$page: at $width px the measured checks did not run (no data-browser-checks)"
    return
  fi
  measured=$(grep -o 'data-browser-width="[0-9]*"' "$dom" | grep -o '[0-9]*' | head -1)
  [ "${measured:-0}" = "$width" ] || fail "$page: measured in a window ${measured:-?} px wide, not $width"
  if [ "$width" = 400 ]; then
    over=$(grep -o 'data-browser-overflow="[0-9]*"' "$dom" | grep -o '[0-9]*' | head -1)
    [ "${over:-x}" = 0 ] || fail "$page: in a 400-pixel window the page is ${over:-?} pixels too wide"
  fi
  coded=$(grep -o 'data-browser-checks="[^"]*"' "$dom" | head -1 | sed 's/^data-browser-checks="//; s/"$//')
  if [ -n "$coded" ]; then
    while IFS= read -r problem; do
      [ -n "$problem" ] && fail "$page at $width px: $problem"
    done < <(printf '%s' "$coded" | base64 -d; echo)
  fi
  sed -i -E 's/ data-browser-(checks|width|overflow)="[^"]*"//g' "$dom"
}

list=(index.html)
while IFS= read -r rel; do
  case "$rel" in
    ch[0-9][0-9].html|glossary.html|zh-TW/index.html|zh-CN/index.html|zh-TW/glossary.html|zh-CN/glossary.html|\
    zh-TW/ch[0-9][0-9].html|zh-CN/ch[0-9][0-9].html) list+=("$rel") ;;
  esac
done <"$pages/PAGES_MANIFEST"
if [ "${#list[@]}" -lt 2 ]; then fail "PAGES_MANIFEST lists no chapter page"; fi

# The fonts the copied KaTeX style sheet names.
css="$pages/assets/katex/katex.min.css"
if [ -f "$css" ]; then
  while IFS= read -r font; do
    [ -f "$pages/assets/katex/$font" ] || fail "katex.min.css: $font is missing"
  done < <(grep -o 'fonts/[A-Za-z0-9_.-]*' "$css" | sort -u)
else
  fail "assets/katex/katex.min.css is missing (KaTeX not copied: workbook_pages --katex)"
fi

# A page's files in $work and $shots: its path with '/' as '_' (zh-TW_ch03).
flat() { local n=${1%.html}; printf '%s' "${n//\//_}"; }

# --checks-only: the pages in batches, BATCH_PAGES a browser start (a start
# costs a second or two; the pages' own work is the same). A batch is a page
# of frames, each page at 1100 pixels (1100 x 2400, the window of a page's
# own start) and at 400 (400 x 1600); each frame's script sends its findings,
# its name (PAGE-WIDTH) and its DOM to the page of frames, which keeps them
# (base64) in a <script type="text/plain" id="frame-K-WIDTH"> each; they are
# taken out below into the files a page's own start would have written: the
# DOM at 1100 pixels, and the findings at each width. The console's messages
# of a batch name the file that logged them (a page, or render.js), not the
# page: each is a failure of the batch, with its pages' names.
BATCH_PAGES=12
batch_console=""
if $checks_only; then
  for ((first = 0; first < ${#list[@]}; first += BATCH_PAGES)); do
    batch=$((first / BATCH_PAGES))
    frames="" names=""
    for ((k = first; k < first + BATCH_PAGES && k < ${#list[@]}; k++)); do
      frames+="<iframe name=\"$k-1100\" src=\"${list[$k]}\" style=\"width: 1100px; height: 2400px\"></iframe>"$'\n'
      frames+="<iframe name=\"$k-400\" src=\"${list[$k]}\" style=\"width: 400px; height: 1600px\"></iframe>"$'\n'
      names+=" ${list[$k]}"
    done
    cat >"$site/batch-$batch.html" <<BATCH || exit 2
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>pages $first to $((k - 1))</title>
<style>body { margin: 0; } iframe { display: block; border: 0; }</style>
<script>
window.addEventListener("message", function (e) {
  var found = e.data && e.data.browserChecks, name = e.data && e.data.frame;
  if (!found || !/^[0-9]+-[0-9]+\$/.test(name || "") || document.getElementById("frame-" + name)) return;
  var kept = document.createElement("script");
  kept.type = "text/plain";
  kept.id = "frame-" + name;
  for (var key in found) kept.setAttribute("data-browser-" + key, found[key]);
  kept.textContent = btoa(unescape(encodeURIComponent(e.data.dom)));
  document.head.appendChild(kept);
});
</script>
</head><body>
$frames</body></html>
BATCH
    dom="$work/batch-$batch.dom"
    if ! budget=5000 run_browser "$dom" "$work/batch-$batch.log" --window-size=1100,1000 --dump-dom \
      "file://$site/batch-$batch.html"; then
      fail "the browser failed on the pages$names (exit $?):"; tail -5 "$work/batch-$batch.log"; continue
    fi
    if grep -q 'CONSOLE' "$work/batch-$batch.log"; then
      fail "console messages while the pages$names were loaded:"; grep 'CONSOLE' "$work/batch-$batch.log" | sed 's/^/    /'
    fi
    for ((k = first; k < first + BATCH_PAGES && k < ${#list[@]}; k++)); do
      name=$(flat "${list[$k]}")
      for width in 1100 400; do
        kept=$(grep -o "<script type=\"text/plain\" id=\"frame-$k-$width\"[^>]*>[^<]*</script>" "$dom" | head -1)
        [ -n "$kept" ] || continue   # (the page's checks below say it did not run)
        printf '%s\n' "${kept%%>*}>" >"$work/$name.$width.found"
        if [ "$width" = 1100 ]; then
          kept=${kept#*>}
          printf '%s' "${kept%</script>}" | base64 -d >"$work/$name.dom" ||
            fail "${list[$k]}: its DOM at 1100 px could not be read back"
        fi
      done
    done
  done
fi

for page in "${list[@]}"; do
  name=$(flat "$page")
  folder=""
  case "$page" in */*) folder=${page%/*}/ ;; esac
  failures_before=$failures
  url="file://$pages/$page"
  dom="$work/$name.dom"
  log="$work/$name.log"
  if $checks_only; then
    # (its batch's frames, above)
    : >"$log"
    if ! [ -s "$dom" ]; then
      fail "$page: at 1100 px the measured checks did not run (its frame sent nothing)"; continue
    fi
    measured_checks "$work/$name.1100.found" "$page" 1100
    if [ -s "$work/$name.400.found" ]; then measured_checks "$work/$name.400.found" "$page" 400
    else fail "$page: at 400 px the measured checks did not run (its frame sent nothing)"; fi
  else
    # The page at 1100 pixels: its DOM for every check below, and the measured checks.
    if ! run_browser "$dom" "$log" --window-size=1100,2400 --dump-dom "file://$site/$page"; then
      fail "$page: the browser failed (exit $?):"; tail -5 "$log"; continue
    fi
    measured_checks "$dom" "$page" 1100
    # The page in a frame 400 pixels wide: the measured checks, and the top of the page.
    narrow_dom="$work/$name.narrow.dom"
    if run_browser "$narrow_dom" "$work/$name.narrow.log" --window-size=500,1600 --dump-dom \
      --screenshot="$shots/$name-narrow.png" "file://$site/${page%.html}-400.html"; then
      measured_checks "$narrow_dom" "$page" 400
      cat "$work/$name.narrow.log" >>"$log"
    else
      fail "$page: the browser failed at 400 pixels"
    fi
  fi
  # 1. console (at both widths)
  if grep -q 'CONSOLE' "$log"; then
    fail "$page: console messages:"; grep 'CONSOLE' "$log" | sed 's/^/    /'
  fi
  # 2. formulas
  waiting=$(grep -o 'class="tex[ "]' "$dom" | wc -l)
  failed=$(grep -o 'class="tex-failed"[^>]*' "$dom")
  rendered=$(grep -o 'class="tex-done[ "]' "$dom" | wc -l)
  [ "$waiting" -eq 0 ] || fail "$page: $waiting formulas not rendered (KaTeX did not run)"
  [ -z "$failed" ] || { fail "$page: KaTeX refused formulas:"; echo "$failed" | sed 's/^/    /'; }
  case "${page##*/}" in
    index.html|glossary.html) ;;   # (their text may have no formula)
    *) [ "$rendered" -eq 0 ] && fail "$page: no formula rendered" ;;
  esac
  # TeX delimiters in the text (the MathML annotations hold bare TeX, no delimiters)
  if grep -n -E '\\\(|\\\)|\\\[|\\\]|\$\$' "$dom" >"$work/delims"; then
    fail "$page: TeX delimiters in the rendered DOM:"; head -3 "$work/delims" | cut -c1-200
  fi
  # markup the page meant as HTML but that came out as text
  # (the pages' own tags; a tag in the data, e.g. a claim quoting <b>, is text)
  own='&lt;(span class=&quot;(tex|badge)|/?(figure|figcaption|section|nav|details|summary|dl|dt|dd)[ &])'
  if grep -q -E "$own" "$dom"; then
    fail "$page: HTML tags shown as text:"; grep -o -E ".{0,60}$own.{0,60}" "$dom" | head -3
  fi
  # 3. images
  if grep -q 'img-failed' "$dom"; then fail "$page: an image did not load"; fi
  # 4. links and sources
  while IFS= read -r target; do
    target=$(printf '%s' "$target" | sed 's/&amp;/\&/g')
    target=$(printf '%b' "${target//%/\\x}")   # percent-decoded: a file name
    case "$target" in
      http://*|https://*|//*) fail "$page: link leaves the machine: $target"; continue ;;
      mailto:*|data:*) continue ;;
    esac
    file=${target%%#*}
    anchor=""
    case "$target" in *'#'*) anchor=${target#*#} ;; esac
    if [ -n "$file" ]; then
      if ! [ -e "$pages/$folder$file" ]; then fail "$page: $target: no such file"; continue; fi
      where="$pages/$folder$file"
      # (a page of the run: its rendered DOM, named as that page's path from the top)
      to=$(realpath -m --relative-to="$pages" "$pages/$folder$file")
      [ "${file%.html}" != "$file" ] && [ -f "$work/$(flat "$to").dom" ] && where="$work/$(flat "$to").dom"
    else
      where=$dom
    fi
    if [ -n "$anchor" ] && ! grep -q "id=\"$anchor\"" "$where"; then
      fail "$page: $target: no id \"$anchor\" there"
    fi
  done < <(grep -o -E '(href|src)="[^"]*"' "$dom" | sed -E 's/^(href|src)="//; s/"$//' | sort -u)
  # 5. the whole page, for a person to look at
  height=$(grep -o 'data-page-height="[0-9]*"' "$dom" | grep -o '[0-9]*' | head -1)
  [ -n "$height" ] || { fail "$page: render.js did not run (no data-page-height)"; height=2400; }
  [ "$height" -le 16000 ] || height=16000
  if $checks_only; then
    shots_made=""
  else
    run_browser /dev/null "$work/$name.shot.log" --window-size=1100,"$height" --screenshot="$shots/$name.png" "$url" ||
      fail "$page: screenshot failed"
    [ -s "$shots/$name.png" ] || fail "$page: no screenshot $shots/$name.png"
    shots_made="$name.png, $name-narrow.png"
  fi
  # 6. a narrow window (its width measured above, at 400 pixels)
  $checks_only || [ -s "$shots/$name-narrow.png" ] || fail "$page: no screenshot $shots/$name-narrow.png"
  if [ "$failures" = "$failures_before" ]; then
    if $checks_only; then
      echo "ok   $page: $rendered formulas, height $height px at 1100 px wide, checked at 1100 and 400 px"
    else
      echo "ok   $page: $rendered formulas, height $height px at 1100 px wide, checked at 1100 and 400 px, screenshots in $shots: $shots_made"
    fi
  fi
done

# The figures' text at their own size. 9 CSS pixels: a little below the
# smallest text the pages set themselves (10.5 pixels, the evidence's <pre> at
# phone width: 0.7rem of 15, tools/pages/workbook.css), and where DejaVu Sans'
# lower-case letters (x-height 0.55) shrink under 5 pixels. A figure's tics
# and labels are 13 at the standard size (plots/common.gp), sub- and
# superscripts 0.8 of their text's size: a script's 11-point label with an
# exponent (8.8) is below it.
MIN_FIGURE_TEXT_PX=9
failures_before=$failures
figs=()
while IFS= read -r rel; do
  rel=$(printf '%s' "$rel" | sed 's/&amp;/\&/g')
  rel=$(printf '%b' "${rel//%/\\x}")   # percent-decoded: a file name
  [ -f "$pages/$rel" ] && figs+=("$rel")
done < <(for page in "${list[@]}"; do
           folder=""
           case "$page" in */*) folder=${page%/*}/ ;; esac
           grep -o -E '(href|src)="[^"]*[.]svg"' "$pages/$page" | sed -E 's/^(href|src)="//; s/"$//' |
             while IFS= read -r href; do realpath -m --relative-to="$pages" "$pages/$folder$href"; done
         done | sort -u)
if [ "${#figs[@]}" -gt 0 ]; then
  mkdir -p "$site/figure-text" || exit 2
  # The figure's script: measures every piece of text once the figure and its
  # fonts are ready and sends its findings, with the figure's number, to the
  # page of frames.
  cat >"$work/figure-text.js" <<'FIGTEXT'
(function () {
  var root = document.documentElement, min = Number(root.getAttribute("data-min-px"));
  function run() {
    var problems = [], count = 0;
    var own = function (el) {
      for (var c = el.firstChild; c; c = c.nextSibling)
        if (c.nodeType === 3 && c.nodeValue.trim()) return c.nodeValue.trim();
      return "";
    };
    document.querySelectorAll("text, tspan").forEach(function (el) {
      var text = own(el);
      if (!text || el.getClientRects().length === 0) return;
      var m = el.getScreenCTM(), size = parseFloat(getComputedStyle(el).fontSize);
      var px = size * (m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1);
      count++;
      if (px < min && problems.length < 20)
        problems.push("text \"" + (text.length > 40 ? text.slice(0, 37) + "..." : text) + "\" is " +
                      px.toFixed(1) + " px, below " + min + " px");
    });
    window.parent.postMessage({ figureText: { figure: Number(root.getAttribute("data-figure")),
      problems: problems, count: count } }, "*");
  }
  window.addEventListener("load", function () {
    (document.fonts ? document.fonts.ready : Promise.resolve()).then(run);
  });
})();
FIGTEXT
  # Figure i is copied, with the script, to figure-text/i.svg and shown in a
  # frame of its own size (the viewBox: gnuplot's 'dynamic' SVG has no width
  # and height).
  frames=""
  for i in "${!figs[@]}"; do
    rel=${figs[$i]}
    size=$(grep -o -m1 'viewBox="[-0-9. ]*"' "$pages/$rel" | sed 's/viewBox="//; s/"$//')
    read -r _ _ fw fh <<<"$size"
    if [ -z "${fw:-}" ] || [ -z "${fh:-}" ]; then fail "figures: $rel has no viewBox, no size of its own"; continue; fi
    awk -v script="$work/figure-text.js" -v figure="$i" -v min="$MIN_FIGURE_TEXT_PX" '
      !opened && /<svg[ >]/ { sub(/<svg/, "<svg data-figure=\"" figure "\" data-min-px=\"" min "\""); opened = 1 }
      { lines[++n] = $0 }
      END {
        for (last = n; last > 0 && lines[last] !~ /<\/svg>/; last--) ;
        for (j = 1; j <= n; j++) {
          if (j == last) {
            sub(/<\/svg>/, "", lines[j]); print lines[j]
            print "<script><![CDATA["; while ((getline l < script) > 0) print l; print "]]></script></svg>"
          } else print lines[j]
        }
      }' "$pages/$rel" >"$site/figure-text/$i.svg" || exit 2
    frames+="<iframe src=\"figure-text/$i.svg\" width=\"${fw%.*}\" height=\"${fh%.*}\"></iframe>"$'\n'
  done
  # The page of frames leaves "figure<TAB>finding" lines (base64) in
  # data-browser-checks and the number of figures that reported in
  # data-browser-figures. Its listener stands before the frames: a frame may
  # report before the page has loaded.
  cat >"$site/figure-text.html" <<FIGPAGE || exit 2
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>figure text</title>
<style>body { margin: 0; } iframe { display: block; border: 0; }</style>
<script>
(function () {
  var want = ${#figs[@]}, got = {}, n = 0, done = false, problems = [];
  function finish() {
    if (done) return;
    done = true;
    for (var i = 0; i < want; i++)
      if (!got[i]) problems.push(i + "\tnot measured (its script did not report)");
    var root = document.documentElement;
    root.setAttribute("data-browser-checks", btoa(unescape(encodeURIComponent(problems.join("\n")))));
    root.setAttribute("data-browser-figures", String(n));
  }
  window.addEventListener("message", function (e) {
    var r = e.data && e.data.figureText;
    if (!r || got[r.figure]) return;
    got[r.figure] = true;
    n++;
    r.problems.forEach(function (p) { problems.push(r.figure + "\tat its own size: " + p); });
    if (r.count === 0) problems.push(r.figure + "\tno text measured");
    if (n === want) finish();
  });
  window.addEventListener("load", function () { setTimeout(finish, 3000); });
})();
</script>
</head><body>
$frames</body></html>
FIGPAGE
  dom="$work/figure-text.dom"
  if run_browser "$dom" "$work/figure-text.log" --window-size=1100,1000 --dump-dom "file://$site/figure-text.html"; then
    measured=$(grep -o 'data-browser-figures="[0-9]*"' "$dom" | grep -o '[0-9]*' | head -1)
    coded=$(grep -o 'data-browser-checks="[^"]*"' "$dom" | head -1 | sed 's/^data-browser-checks="//; s/"$//')
    if ! grep -q 'data-browser-checks=' "$dom"; then
      fail "figures: the text sizes were not measured (no data-browser-checks)"
    else
      while IFS=$'\t' read -r i problem; do
        [ -n "$i" ] && fail "figures: ${figs[$i]:-figure $i} $problem"
      done < <(printf '%s' "$coded" | base64 -d; echo)
      [ "${measured:-0}" = "${#figs[@]}" ] || fail "figures: ${measured:-0} of ${#figs[@]} SVG figures measured"
    fi
  else
    fail "figures: the browser failed (exit $?)"; tail -5 "$work/figure-text.log"
  fi
  [ "$failures" = "$failures_before" ] &&
    echo "ok   figures: ${#figs[@]} SVG figure$([ "${#figs[@]}" = 1 ] || echo s), every text at least $MIN_FIGURE_TEXT_PX px high at the figure's own size"
else
  echo "(no SVG figure linked from the pages: no figure text to measure)"
fi
exit $bad
