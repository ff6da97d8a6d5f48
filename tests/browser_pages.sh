#!/usr/bin/env bash
# browser_pages.sh PAGES_DIR SHOTS_DIR: load every page workbook_pages wrote
# in PAGES_DIR (index.html and each chNN.html that PAGES_MANIFEST lists) in
# headless Chromium and check, for each page:
#   - the browser's console stays silent (no errors, no messages at all; the
#     pages log only when an image fails to load);
#   - every formula was rendered by KaTeX: no span still waiting (class
#     "tex"), none KaTeX refused ("tex-failed"), at least one rendered on a
#     chapter page, and no TeX delimiter (\( \) \[ \] $$) in the rendered DOM;
#   - every image loaded (render.js marks one that did not, "img-failed");
#   - every href and src in the rendered DOM names a file that exists next
#     to the pages (offline: no http links), and every #anchor an id of the
#     page it points into; the KaTeX fonts the style sheet names exist;
#   - in a 400-pixel window the page does not scroll sideways;
#   - a screenshot of the whole page at 1200 pixels wide, SHOTS_DIR/NAME.png,
#     and of the top of it at 400 pixels, SHOTS_DIR/NAME-narrow.png, for a
#     person to look at.
# Exit 0 when every check passes, 1 (listing every failure) otherwise, 77
# (skipped) when Chromium is not installed, 2 on bad arguments. With
# --skip-if-no-pages, a PAGES_DIR without pages is skipped (77) too. With
# --checks-only, one browser start per page (the 400-pixel window: every
# check above reads that DOM) and no whole-page screenshot: for pages that
# are checked, not looked at (each start costs about a second).
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

browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
  for name in chromium chromium-browser; do
    if command -v "$name" >/dev/null 2>&1; then browser=$(command -v "$name"); break; fi
  done
fi
if [ -z "$browser" ] || ! [ -x "$browser" ]; then
  echo "SKIPPED: Chromium is not installed (Debian: apt-get install chromium)"
  exit 77
fi
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
run_browser() {  # run_browser OUT_FILE LOG_FILE ARGS... URL
  local out=$1 log=$2
  shift 2
  local profile
  profile=$(mktemp -d "$work/profile.XXXXXX")
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --enable-logging=stderr --v=0 \
    --virtual-time-budget=1000 "$@" >"$out" 2>"$log"
  local rc=$?
  rm -rf "$profile"
  return $rc
}

bad=0
failures=0
fail() { echo "FAIL $*"; bad=1; failures=$((failures + 1)); }

list=(index.html)
while IFS= read -r rel; do
  case "$rel" in ch[0-9][0-9].html) list+=("$rel") ;; esac
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

for page in "${list[@]}"; do
  name=${page%.html}
  failures_before=$failures
  url="file://$pages/$page"
  dom="$work/$name.dom"
  log="$work/$name.log"
  if $checks_only; then   # the 400-pixel window only: its DOM for every check, and its screenshot
    first_start_args=(--window-size=400,1600 --screenshot="$shots/$name-narrow.png")
    width=400
  else
    first_start_args=(--window-size=1200,2400)
    width=1200
  fi
  if ! run_browser "$dom" "$log" "${first_start_args[@]}" --dump-dom "$url"; then
    fail "$page: the browser failed (exit $?):"; tail -5 "$log"; continue
  fi
  # 1. console
  if grep -q 'CONSOLE' "$log"; then
    fail "$page: console messages:"; grep 'CONSOLE' "$log" | sed 's/^/    /'
  fi
  # 2. formulas
  waiting=$(grep -o 'class="tex"' "$dom" | wc -l)
  failed=$(grep -o 'class="tex-failed"[^>]*' "$dom")
  rendered=$(grep -o 'class="tex-done"' "$dom" | wc -l)
  [ "$waiting" -eq 0 ] || fail "$page: $waiting formulas not rendered (KaTeX did not run)"
  [ -z "$failed" ] || { fail "$page: KaTeX refused formulas:"; echo "$failed" | sed 's/^/    /'; }
  if [ "$page" != index.html ] && [ "$rendered" -eq 0 ]; then fail "$page: no formula rendered"; fi
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
      if ! [ -e "$pages/$file" ]; then fail "$page: $target: no such file"; continue; fi
      where="$pages/$file"
      [ "${file%.html}" != "$file" ] && [ -f "$work/${file%.html}.dom" ] && where="$work/${file%.html}.dom"
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
    narrow_dom=$dom
    shots_made="$name-narrow.png"
  else
    run_browser /dev/null "$work/$name.shot.log" --window-size=1200,"$height" --screenshot="$shots/$name.png" "$url" ||
      fail "$page: screenshot failed"
    [ -s "$shots/$name.png" ] || fail "$page: no screenshot $shots/$name.png"
    narrow_dom="$work/$name.narrow.dom"
    run_browser "$narrow_dom" "$work/$name.narrow.log" --window-size=400,1600 --dump-dom \
      --screenshot="$shots/$name-narrow.png" "$url" || fail "$page: the browser failed at 400 pixels"
    shots_made="$name.png, $name-narrow.png"
  fi
  # 6. a narrow window
  over=$(grep -o 'data-page-overflow="[0-9]*"' "$narrow_dom" 2>/dev/null | grep -o '[0-9]*' | head -1)
  [ "${over:-x}" = 0 ] || fail "$page: in a 400-pixel window the page is ${over:-?} pixels too wide"
  [ -s "$shots/$name-narrow.png" ] || fail "$page: no screenshot $shots/$name-narrow.png"
  [ "$failures" = "$failures_before" ] && echo "ok   $page: $rendered formulas, height $height px at $width px wide, screenshots in $shots: $shots_made"
done
exit $bad
