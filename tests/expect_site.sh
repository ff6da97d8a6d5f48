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
#              30 MB (the figures in three languages: issue 41); and that the last line counts its files and megabytes.
#   workbook   the same for the last ./workbook run (RUN), then the crawl
#              (tests/site_crawl.sh; CRAWL names it); skipped (77) when RUN
#              has no pages; chapter 0's vectors are left out, and its page says so
#   bad_input  a file, a folder of other files, a link, a folder whose parent
#              is missing, '.', and a run folder with no run: each refused with
#              one line naming the problem, exit 2, nothing written
#   replace    an empty folder takes a site (the folder itself kept, with its
#              mode); a previous site is replaced: every file its SITE_MANIFEST
#              lists and the new one does not have is gone, no other; a failed
#              write (a figure of the run missing), or a failed move of its
#              files into place (strace: EIO on a rename), exits 3 and leaves
#              the previous site as it was; no temporary folder is left
#   user_folder  (issue 43, 1) a folder of the user's own files is never taken for
#              a site: with an index.html saved from a class site (the generator
#              <meta> line), or that line alone; a previous site with a file of
#              the user's added, with its SITE_MANIFEST removed, with a listed
#              file replaced by a link, or with a SITE_MANIFEST that is not the
#              workbook's: each refused with one line (in zh-TW too), exit 2,
#              nothing touched
#   signal     (issue 43, 2) SIGINT, SIGTERM and SIGHUP while the site is written
#              (made slow by strace's delay on fsync; skipped without strace):
#              killed by that signal, the previous site as it was, a new folder
#              not made, no temporary left in it or beside it
#   killed     (issue 43, 3) a SIGKILL while the site is written leaves its
#              temporary, which the next run sweeps (and one of a PID never
#              alive); one of a live process (this shell) is refused at once
#   mount_point  (issue 43, 4) an empty mount point (a tmpfs; root only, else
#              skipped) takes a site, then a second one, and a failed write leaves
#              it as it was; nothing is written beside it
#   locked     (issue 43, 5) while another process holds the run's lock: bad input
#              is refused at once (one line), and a good run says at once, in one
#              line, what it waits for, then writes the site when the lock is free
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
export LANGUAGE=en   # (the messages checked are English; user_folder checks zh-TW on its own)
bad=0
failures=0
fail() { echo "FAIL $*"; bad=1; failures=$((failures + 1)); }
logs=$work.logs   # (beside WORK: nothing of this test's own lands in it)
rm -rf "$logs" && mkdir -p "$logs" || exit 2
site_of() {  # site_of RUN SITE: workbook_pages --site, what it printed in $logs/out.txt and err.txt
  "$pages" --out "$1" --plots "$plots" --assets "$assets" ${katex[@]+"${katex[@]}"} --site "$2" \
    >"$logs/out.txt" 2>"$logs/err.txt"
}
leftovers() {  # no temporary folder beside the site or in it (tools/site_dir.h)
  local left
  left=$(find "$work" -maxdepth 2 \( -name '*.tmp-*' -o -name '*.old-*' -o -name '.*.site.tmp.*' \) | head -3)
  [ -z "$left" ] || fail "left behind: $left"
}
listing() {  # listing DIR: every file, folder and link under DIR, with the files' checksums
  (cd "$1" && find . -printf '%y %p %l\n' | sort && find . -type f -exec cksum {} + | sort)
}
copy_run() {  # the run copied into WORK/run (a test that holds or slows its lock leaves the others' alone)
  cp -r "$run" "$work/run" || exit 2
  run=$work/run
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
      SITE_MANIFEST)
        [ "$(head -1 "$site/SITE_MANIFEST")" = "# pe-workbook site: the files ./workbook site wrote here, the only ones it replaces" ] ||
          fail "SITE_MANIFEST: not the site's first line: $(head -1 "$site/SITE_MANIFEST")"
        [ "$(tail -n +2 "$site/SITE_MANIFEST" | sort)" = "$(cd "$site" && find . -type f ! -name SITE_MANIFEST | sed 's|^\./||' | sort)" ] ||
          fail "SITE_MANIFEST does not list exactly the site's other files" ;;
      REPORT.md|REPORT.zh-TW.md|REPORT.zh-CN.md|assets/workbook.css|assets/render.js|assets/katex/katex.min.js|\
      assets/katex/katex.min.css|assets/katex/fonts/*) ;;
      figures/*.svg|figures/*.png)   # (each language's figures, figures/zh-TW/..., shown by its own pages)
        grep -q -F "$rel" "$site/index.html" "$site"/ch[0-9][0-9].html "$site"/zh-TW/*.html "$site"/zh-CN/*.html ||
          fail "$rel: no page shows it" ;;
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
  [ "$bytes" -le 30000000 ] || fail "the site is $bytes bytes, above 30 MB"
  local mb
  mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
  grep -q -x -F "workbook: site written to $site: $files files, $mb MB (open $site/index.html or serve the folder)" \
    "$logs/out.txt" || fail "the last line does not count $files files, $mb MB: $(tail -1 "$logs/out.txt")"
  echo "the site: $files files, $mb MB"
}

# The sanitizer suite's options for a program run under strace: LeakSanitizer
# off (it cannot run under ptrace, and stops the traced program with an error
# of its own); the untraced runs of the same cases check for leaks. (Given on
# each strace line, so that strace stays this shell's child: $! is its PID.)
traced_asan="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# slow_site SITE: the site written from $run under strace with every fsync held
# 0.2 s (each file's close waits), in the background; $tracer is strace's PID
# and, once the site's temporary folder is there (inside SITE, or beside it as
# SITE.tmp-XXXXXX), $pid the writer's, strace's child ("" after 30 s without).
slow_site() {
  ASAN_OPTIONS=$traced_asan strace -f -qq -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=200000 \
    "$pages" --out "$run" --plots "$plots" --assets "$assets" ${katex[@]+"${katex[@]}"} --site "$1" \
    >"$logs/slow.out" 2>"$logs/slow.err" &
  tracer=$!
  pid="" temp=""
  local i
  for i in $(seq 600); do
    temp=$(find "$(dirname "$1")" -maxdepth 2 \( -name '.new.site.tmp.*' -o -name "$(basename "$1").tmp-*" \) 2>/dev/null | head -n 1)
    if [ -n "$temp" ]; then
      pid=$(pgrep -P "$tracer" | head -n 1)
      [ -n "$pid" ] && return
    fi
    sleep 0.05
  done
  fail "no site temporary for $1 after 30 s"
  kill "$tracer" 2>/dev/null
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
    chmod 750 "$work/site"
    site_of "$run" "$work/site" || fail "into an empty folder: exit $? $(cat "$logs/err.txt")"
    [ -f "$work/site/index.html" ] || fail "no index.html after writing into an empty folder"
    [ "$(stat -c %a "$work/site")" = 750 ] || fail "the empty folder's own mode was not kept: $(stat -c %a "$work/site")"
    check_site "$run" "$work/site"
    # A file of the previous site that the new one does not have (listed in its SITE_MANIFEST) goes.
    mkdir -p "$work/site/ch09" && echo "old" >"$work/site/ch09/old.dat" && echo "ch09/old.dat" >>"$work/site/SITE_MANIFEST"
    site_of "$run" "$work/site" || fail "over a previous site: exit $? $(cat "$logs/err.txt")"
    [ -e "$work/site/ch09" ] && fail "the previous site was not replaced whole (ch09/old.dat, or its folder, is still there)"
    [ -f "$work/site/index.html" ] || fail "no index.html after replacing the previous site"
    check_site "$run" "$work/site"
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
    # A move that fails while the files take their places (strace makes the third-last rename
    # fail with EIO: one of the new files): everything is put back, status 3.
    if command -v strace >/dev/null; then
      renames=$(ASAN_OPTIONS=$traced_asan strace -f -qq -o /dev/stdout -e trace=rename "$pages" --out "$run" --plots "$plots" --assets "$assets" \
                ${katex[@]+"${katex[@]}"} --site "$work/site" 2>/dev/null | grep -c 'rename(')
      listing=$(listing "$work/site")
      ASAN_OPTIONS=$traced_asan strace -f -qq -o /dev/null -e trace=rename -e inject=rename:error=EIO:when=$((renames - 2)) \
        "$pages" --out "$run" --plots "$plots" --assets "$assets" ${katex[@]+"${katex[@]}"} --site "$work/site" \
        >"$logs/out.txt" 2>"$logs/err.txt"
      rc=$?
      [ $rc = 3 ] && grep -q -F "cannot move the site into $work/site (Input/output error); it is as it was" "$logs/err.txt" ||
        fail "a failed move: exit $rc, $(cat "$logs/err.txt")"
      [ "$(listing "$work/site")" = "$listing" ] || fail "a failed move changed the site: $(diff <(echo "$listing") <(listing "$work/site") | head -3)"
      leftovers
    else
      echo "(no strace: the failed move is left out)"
    fi
    [ $bad = 0 ] && echo "ok   an empty folder takes a site, a previous site is replaced whole, a failed write or move leaves it as it was"
    ;;
  user_folder)
    rm -rf "$work" && mkdir -p "$work" || exit 2
    mark='<meta name="generator" content="pe-workbook site">'
    # refused DIR WANT: exit 2, one line naming the problem, nothing on stdout, nothing under WORK changed
    refused() {
      local before failures_before=$failures
      before=$(listing "$work")
      site_of "$run" "$work/$1"
      local rc=$?
      [ $rc = 2 ] || fail "--site $1: exit $rc, expected 2"
      [ "$(wc -l <"$logs/err.txt")" = 1 ] || fail "--site $1: not one line on stderr: $(cat "$logs/err.txt")"
      grep -q -F -- "$2" "$logs/err.txt" || fail "--site $1: the line does not say '$2': $(cat "$logs/err.txt")"
      [ -s "$logs/out.txt" ] && fail "--site $1: printed $(head -1 "$logs/out.txt")"
      [ "$(listing "$work")" = "$before" ] || fail "--site $1: something was touched: $(diff <(echo "$before") <(listing "$work") | head -3)"
      [ "$failures" = "$failures_before" ] && echo "ok   --site $1: $(cat "$logs/err.txt")"
    }
    # A thesis, a data file and an index.html saved from a class site.
    mkdir -p "$work/thesis" && echo 'my thesis' >"$work/thesis/thesis.tex" && echo '1,2' >"$work/thesis/data.csv"
    printf '<html><head>%s</head><body>a class site</body></html>\n' "$mark" >"$work/thesis/index.html"
    refused thesis "holds files and is not a site the workbook wrote (it has no SITE_MANIFEST)"
    # The generator line alone.
    mkdir -p "$work/marked" && echo "$mark" >"$work/marked/index.html"
    refused marked "holds files and is not a site the workbook wrote"
    # In zh-TW: the same refusal, in its words.
    LANGUAGE=zh_TW site_of "$run" "$work/thesis"
    rc=$?
    [ $rc = 2 ] && [ "$(wc -l <"$logs/err.txt")" = 1 ] && grep -q '不是習作簿寫出的網站' "$logs/err.txt" ||
      fail "--site thesis in zh-TW: exit $rc, $(cat "$logs/err.txt")"
    # A previous site with a file of the user's added (a CNAME, a folder of notes): named, nothing touched.
    site_of "$run" "$work/site" || fail "a new site: exit $? $(cat "$logs/err.txt")"
    echo 'class.example.org' >"$work/site/CNAME"
    refused site "holds CNAME, which the site written there before does not list (SITE_MANIFEST)"
    rm "$work/site/CNAME"
    mkdir -p "$work/site/figures/notes" && echo 'mine' >"$work/site/figures/notes/n.txt"
    refused site "holds figures/notes, which the site written there before does not list"
    rm -r "$work/site/figures/notes"
    # A listed file replaced by a link (to the thesis): refused, the link and its target left alone.
    mv "$work/site/ch01.html" "$work/ch01.html.kept" && ln -s ../thesis/thesis.tex "$work/site/ch01.html"
    refused site "holds ch01.html where the site written there before had a file (now a link"
    rm "$work/site/ch01.html" && mv "$work/ch01.html.kept" "$work/site/ch01.html"
    # Its SITE_MANIFEST removed, or one that is not the workbook's (another first line).
    mv "$work/site/SITE_MANIFEST" "$work/manifest.kept"
    refused site "holds files and is not a site the workbook wrote"
    { echo '# my own list'; tail -n +2 "$work/manifest.kept"; } >"$work/site/SITE_MANIFEST"
    refused site "holds files and is not a site the workbook wrote"
    mv "$work/manifest.kept" "$work/site/SITE_MANIFEST"
    site_of "$run" "$work/site" || fail "the site as it was, again: exit $? $(cat "$logs/err.txt")"
    [ "$(cat "$work/thesis/thesis.tex")" = 'my thesis' ] || fail "thesis.tex was changed"
    ;;
  signal)
    command -v strace >/dev/null || { echo "SKIPPED: strace is not installed"; exit 77; }
    rm -rf "$work" && mkdir -p "$work" || exit 2
    copy_run
    site_of "$run" "$work/site" || fail "the previous site: exit $? $(cat "$logs/err.txt")"
    before=$(listing "$work/site")

    for sig in INT TERM HUP; do
      slow_site "$work/site"
      [ -n "$pid" ] || break
      sleep 0.3   # (a few files into the temporary)
      kill -$sig "$pid"
      wait $tracer
      rc=$?
      want=$((128 + $(kill -l $sig)))
      [ $rc = $want ] || fail "SIG$sig: exit $rc, expected $want: $(cat "$logs/slow.err")"
      [ "$(listing "$work/site")" = "$before" ] || fail "SIG$sig: the previous site was changed: $(diff <(echo "$before") <(listing "$work/site") | head -3)"
      leftovers
    done
    # Into a new folder: after the signal there is none.
    slow_site "$work/new"
    if [ -n "$pid" ]; then
      sleep 0.3
      kill -INT "$pid"
      wait $tracer
      [ -e "$work/new" ] && fail "SIGINT into a new folder left it: $(ls -A "$work/new")"
    fi
    [ $bad = 0 ] && echo "ok   SIGINT, SIGTERM, SIGHUP: the previous site as it was, no temporary left"
    ;;
  killed)
    command -v strace >/dev/null || { echo "SKIPPED: strace is not installed"; exit 77; }
    rm -rf "$work" && mkdir -p "$work" || exit 2
    copy_run
    site_of "$run" "$work/site" || fail "the previous site: exit $? $(cat "$logs/err.txt")"
    slow_site "$work/site"
    [ -n "$pid" ] || exit 1
    sleep 0.3
    kill -KILL "$pid"
    wait $tracer 2>/dev/null
    [ -d "$temp" ] || fail "the SIGKILLed run left no temporary (nothing to sweep)"
    mkdir "$work/site/.new.site.tmp.2147483646"   # (above any pid_max: never alive)
    echo half >"$work/site/.new.site.tmp.2147483646/index.html"
    site_of "$run" "$work/site" || fail "the run after the SIGKILL: exit $? $(cat "$logs/err.txt")"
    [ -e "$temp" ] && fail "the SIGKILLed run's temporary was not swept: $temp"
    [ -e "$work/site/.new.site.tmp.2147483646" ] && fail "the temporary of a PID never alive was not swept"
    check_site "$run" "$work/site"
    leftovers
    # A live process's temporary (this shell's): a site is being written there now. Refused at once.
    mkdir "$work/site/.new.site.tmp.$$"
    site_of "$run" "$work/site"
    rc=$?
    [ $rc = 2 ] && [ "$(wc -l <"$logs/err.txt")" = 1 ] && grep -q -F "a site is being written into it now (process $$)" "$logs/err.txt" ||
      fail "with a live process's temporary: exit $rc, $(cat "$logs/err.txt")"
    [ -d "$work/site/.new.site.tmp.$$" ] || fail "the live process's temporary was removed"
    rmdir "$work/site/.new.site.tmp.$$"
    [ $bad = 0 ] && echo "ok   a SIGKILLed run's temporary is swept by the next run; a live one's is refused"
    ;;
  mount_point)
    [ "$(id -u)" = 0 ] || { echo "SKIPPED: needs root to mount a tmpfs"; exit 77; }
    rm -rf "$work" && mkdir -p "$work/mnt" || exit 2
    mount -t tmpfs -o size=20m tmpfs "$work/mnt" || { echo "SKIPPED: cannot mount a tmpfs here"; exit 77; }
    trap 'umount "$work/mnt" 2>/dev/null' EXIT
    site_of "$run" "$work/mnt" || fail "into an empty mount point: exit $? $(cat "$logs/err.txt")"
    check_site "$run" "$work/mnt"
    site_of "$run" "$work/mnt" || fail "over the site in the mount point: exit $? $(cat "$logs/err.txt")"
    check_site "$run" "$work/mnt"
    [ "$(ls -A "$work")" = mnt ] || fail "something was written beside the mount point: $(ls -A "$work")"
    copy_run
    figure=$(cd "$run" && ls figures/*.svg | head -1)
    rm "$run/$figure"
    before=$(listing "$work/mnt")
    site_of "$run" "$work/mnt"
    rc=$?
    [ $rc = 3 ] || fail "with $figure missing: exit $rc, expected 3"
    [ "$(listing "$work/mnt")" = "$before" ] || fail "the site in the mount point was changed by the failed write"
    leftovers
    [ $bad = 0 ] && echo "ok   an empty mount point takes a site, then another; a failed write leaves it as it was"
    ;;
  locked)
    command -v flock >/dev/null || { echo "SKIPPED: no flock(1)"; exit 77; }
    rm -rf "$work" && mkdir -p "$work" || exit 2
    copy_run
    echo "a file" >"$work/file"
    flock -o "$run/.lock" sleep 3 &
    holder=$!
    for i in $(seq 100); do flock -n "$run/.lock" true || break; sleep 0.02; done
    # Bad input: refused at once, one line, without waiting for the lock.
    start=$(date +%s%N)
    site_of "$run" "$work/file"
    rc=$?
    took=$(( ($(date +%s%N) - start) / 1000000 ))
    [ $rc = 2 ] && [ "$(wc -l <"$logs/err.txt")" = 1 ] && [ $took -lt 1000 ] ||
      fail "a file as the site while the run is locked: exit $rc after $took ms: $(cat "$logs/err.txt")"
    # A good run: at once one line saying what it waits for, then the site.
    "$pages" --out "$run" --plots "$plots" --assets "$assets" ${katex[@]+"${katex[@]}"} --site "$work/site" \
      >"$logs/out.txt" 2>"$logs/err.txt" &
    writer=$!
    sleep 0.5
    kill -0 $writer 2>/dev/null || fail "the site did not wait for the lock"
    [ "$(wc -l <"$logs/err.txt")" = 1 ] &&
      grep -q -F "$run is being written by flock (process $holder): waiting until it has finished" "$logs/err.txt" ||
      fail "after 0.5 s, not one line saying what it waits for: $(cat "$logs/err.txt")"
    wait $writer || fail "the site, once the lock was free: exit $? $(cat "$logs/err.txt")"
    wait $holder
    [ "$(wc -l <"$logs/err.txt")" = 1 ] || fail "more than the one line on stderr: $(cat "$logs/err.txt")"
    check_site "$run" "$work/site"
    [ $bad = 0 ] && echo "ok   while the run is locked: bad input refused at once, a good run says what it waits for"
    ;;
  *) echo "expect_site.sh: unknown mode '$mode'"; exit 2 ;;
esac
exit $bad
