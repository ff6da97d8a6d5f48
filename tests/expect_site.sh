#!/usr/bin/env bash
# expect_site.sh MODE PAGES RUN WORK PLOTS ASSETS [KATEX]: the published site
# (workbook_pages --site, ./workbook site). PAGES is workbook_pages, RUN a
# run's folder (with its pages), WORK this test's folder (emptied first).
#   build      write the site WORK/site from RUN and check it holds exactly the
#              publishable files: the pages in every language (each marked as a
#              site's, each with where its results come from and how to run
#              them), the figures they show, the chapters' data files their
#              MANIFESTs list and output.txt, the reports, the style sheet, the
#              render script and KaTeX; no MANIFEST, run.tsv, cache or hidden
#              file, no data file above 5 MB, no link to a folder; at most
#              20 MB; and that the last line counts its files and megabytes.
#   workbook   the same for the last ./workbook run (RUN), then the crawl
#              (tests/site_crawl.sh; CRAWL names it); skipped (77) when RUN
#              has no pages; chapter 0's vectors are left out, and its page says so
#   bad_input  a file, a folder of other files, a link, a folder whose parent
#              is missing, '.', and a run folder with no run: each refused with
#              one line naming the problem, exit 2, nothing written
#   replace    an empty folder takes a site; a previous site is replaced whole
#              (a file added to it is gone); a failed write (a figure of the run
#              missing) exits 3 and leaves the previous site as it was; no
#              temporary folder is left
# Exit 0 when all is as expected, 1 otherwise (each problem named), 77 skipped.
set -uo pipefail
mode=${1:?usage: expect_site.sh MODE PAGES RUN WORK PLOTS ASSETS [KATEX]}
pages=${2:?}
run=${3:?}
work=${4:?}
plots=${5:?}
assets=${6:?}
katex=()
[ -n "${7:-}" ] && katex=(--katex "$7")
bad=0
failures=0
fail() { echo "FAIL $*"; bad=1; failures=$((failures + 1)); }
logs=$work.logs   # (beside WORK: nothing of this test's own lands in it)
rm -rf "$logs" && mkdir -p "$logs" || exit 2
site_of() {  # site_of RUN SITE: workbook_pages --site, what it printed in $logs/out.txt and err.txt
  "$pages" --out "$1" --plots "$plots" --assets "$assets" ${katex[@]+"${katex[@]}"} --site "$2" \
    >"$logs/out.txt" 2>"$logs/err.txt"
}
leftovers() {  # no temporary folder beside the site
  local left
  left=$(find "$work" -maxdepth 1 \( -name '*.tmp-*' -o -name '*.old-*' \) | head -3)
  [ -z "$left" ] || fail "left behind: $left"
}

# check_site RUN SITE: the files are exactly the publishable ones.
check_site() {
  local run=$1 site=$2 rel files bytes
  while IFS= read -r rel; do
    case "$rel" in
      index.html|glossary.html|ch[0-9][0-9].html|zh-TW/*.html|zh-CN/*.html)
        grep -q -F '<meta name="generator" content="pe-workbook site">' "$site/$rel" || fail "$rel: not marked as a site's page"
        grep -q 'id="run-yourself"' "$site/$rel" || fail "$rel: no footer saying where its results come from"
        grep -q -E 'href="[^"#]*/"' "$site/$rel" && fail "$rel: a link to a folder: $(grep -o -m1 -E 'href="[^"#]*/"' "$site/$rel")"
        ;;
      REPORT.md|REPORT.zh-TW.md|REPORT.zh-CN.md|assets/workbook.css|assets/render.js|assets/katex/katex.min.js|\
      assets/katex/katex.min.css|assets/katex/fonts/*) ;;
      figures/*.svg|figures/*.png)
        grep -q -F "${rel#figures/}" "$site/index.html" "$site"/ch[0-9][0-9].html || fail "$rel: no page shows it" ;;
      ch[0-9][0-9]/output.txt) ;;
      ch[0-9][0-9]/*)
        grep -q -x -F "${rel#*/}" "$run/${rel%%/*}/MANIFEST" || fail "$rel: not a data file its chapter's MANIFEST lists"
        [ "$(stat -c %s "$site/$rel")" -le 5000000 ] || fail "$rel: above 5 MB" ;;
      *) fail "$rel: not a file the site publishes" ;;
    esac
  done < <(cd "$site" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort)
  [ -z "$(cd "$site" && find . -type l)" ] || fail "the site holds a link"
  [ -z "$(cd "$site" && find . -name '.*' ! -name .)" ] || fail "the site holds a hidden file"
  files=$(find "$site" -type f | wc -l)
  bytes=$(find "$site" -type f -printf '%s\n' | awk '{ n += $1 } END { print n + 0 }')
  [ "$bytes" -le 20000000 ] || fail "the site is $bytes bytes, above 20 MB"
  local mb
  mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
  grep -q -x -F "workbook: site written to $site: $files files, $mb MB (open $site/index.html or serve the folder)" \
    "$logs/out.txt" || fail "the last line does not count $files files, $mb MB: $(tail -1 "$logs/out.txt")"
  echo "the site: $files files, $mb MB"
}

case "$mode" in
  build|workbook)
    if [ "$mode" = workbook ] && ! { [ -f "$run/index.html" ] && [ -f "$run/MANIFEST" ]; }; then
      echo "SKIPPED: $run holds no run with pages (run ./workbook first)"
      exit 77
    fi
    rm -rf "$work" && mkdir -p "$work" || exit 2
    site_of "$run" "$work/site" || { fail "workbook_pages --site: exit $?"; cat "$logs/err.txt"; exit 1; }
    cat "$logs/out.txt" "$logs/err.txt"
    check_site "$run" "$work/site"
    leftovers
    if [ "$mode" = workbook ]; then
      if [ -f "$run/ch00/vectors.txt" ] && [ "$(stat -c %s "$run/ch00/vectors.txt")" -gt 5000000 ]; then
        [ -e "$work/site/ch00/vectors.txt" ] && fail "ch00/vectors.txt is in the site"
        grep -q -F 'left out of the published pages' "$work/site/ch00.html" || fail "ch00.html does not say vectors.txt is left out"
      fi
      "${CRAWL:?CRAWL names tests/site_crawl.sh}" "$work/site" "$work/crawl"
      rc=$?
      [ $rc = 77 ] && exit 77
      [ $rc = 0 ] || fail "the crawl failed (above)"
    fi
    ;;
  bad_input)
    rm -rf "$work" && mkdir -p "$work/full" "$work/real" "$work/norun" || exit 2
    echo "a file" >"$work/file"
    echo "a file of mine" >"$work/full/mine.txt"
    ln -s "$work/real" "$work/link"
    # expect SITE WANT [RUN]: exit 2, one line on stderr naming the problem, nothing on stdout, nothing new in WORK
    expect() {
      local before after failures_before=$failures
      before=$(cd "$work" && find . | sort)
      (cd "$work" && site_of "${3:-$run}" "$1")
      local rc=$?
      after=$(cd "$work" && find . | sort)
      [ $rc = 2 ] || fail "--site $1: exit $rc, expected 2"
      [ "$(wc -l <"$logs/err.txt")" = 1 ] || fail "--site $1: not one line on stderr: $(cat "$logs/err.txt")"
      grep -q -F -- "$2" "$logs/err.txt" || fail "--site $1: the line does not say '$2': $(cat "$logs/err.txt")"
      [ -s "$logs/out.txt" ] && fail "--site $1: printed $(head -1 "$logs/out.txt")"
      [ "$before" = "$after" ] ||
        fail "--site $1: something was written: $(diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") | head -3)"
      [ "$failures" = "$failures_before" ] && echo "ok   --site $1: $(cat "$logs/err.txt")"
    }
    expect file "is a file, not a folder"
    expect full "holds files and is not a site the workbook wrote"
    expect link "is a symbolic link"
    expect missing/site "the folder it would go in, missing, does not exist"
    expect . "name the site's folder itself"
    expect new "no MANIFEST there (run the workbook first" "$work/norun"
    [ "$(cat "$work/full/mine.txt")" = "a file of mine" ] || fail "full/mine.txt was changed"
    [ "$(cat "$work/file")" = "a file" ] || fail "the file was changed"
    ;;
  replace)
    rm -rf "$work" && mkdir -p "$work/site" || exit 2
    site_of "$run" "$work/site" || fail "into an empty folder: exit $? $(cat "$logs/err.txt")"
    [ -f "$work/site/index.html" ] || fail "no index.html after writing into an empty folder"
    echo "stray" >"$work/site/stray.txt"
    site_of "$run" "$work/site" || fail "over a previous site: exit $? $(cat "$logs/err.txt")"
    [ -e "$work/site/stray.txt" ] && fail "the previous site was not replaced whole (stray.txt is still there)"
    [ -f "$work/site/index.html" ] || fail "no index.html after replacing the previous site"
    leftovers
    # A failed write: a figure the run drew is missing. The previous site stays as it was.
    cp -r "$run" "$work/run" || exit 2
    figure=$(cd "$work/run" && ls figures/*.svg | head -1)
    rm "$work/run/$figure"
    listing=$(cd "$work/site" && find . -type f -exec cksum {} + | sort)
    site_of "$work/run" "$work/site"
    rc=$?
    [ $rc = 3 ] || fail "with $figure missing: exit $rc, expected 3"
    grep -q -F "cannot read $work/run/$figure" "$logs/err.txt" || fail "the missing figure is not named: $(cat "$logs/err.txt")"
    [ "$(cd "$work/site" && find . -type f -exec cksum {} + | sort)" = "$listing" ] || fail "the previous site was changed"
    leftovers
    [ $bad = 0 ] && echo "ok   an empty folder takes a site, a previous site is replaced whole, a failed write leaves it as it was"
    ;;
  *) echo "expect_site.sh: unknown mode '$mode'"; exit 2 ;;
esac
exit $bad
