# find_chromium.sh: sourced by the browser tests (browser_pages.sh,
# site_crawl.sh). Sets 'browser' to Chromium's path: CHROMIUM if set, else
# chromium, then chromium-browser on PATH; without one, says so in one line
# and exits 77 (CTest: skipped).
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
