#!/usr/bin/env bash
# claims_catalogue.sh: write docs/CLAIMS.md, the workbook's claim catalogue,
# from the chapters' own claim tables (each chapter's `--list-claims`), so the
# catalogue cannot drift from the code.
#
#   tools/claims_catalogue.sh --write FILE CHAPTER_PROGRAM...
#   tools/claims_catalogue.sh --check FILE CHAPTER_PROGRAM...
#
# --write replaces FILE (through a temporary file, so a failure leaves the old
# one); --check compares FILE with what would be written and exits 1 (showing
# the difference) when they differ. CMake runs both: the target
# `claims_catalogue` rewrites docs/CLAIMS.md, the test `docs.claims_catalogue`
# checks it. Columns are read by name from --list-claims's header row.
set -euo pipefail

mode=${1:-}
case "$mode" in
  --write|--check) [ $# -ge 3 ] || { echo "usage: claims_catalogue.sh --write|--check FILE CHAPTER_PROGRAM..." >&2; exit 2; } ;;
  *) echo "claims_catalogue: expected --write FILE or --check FILE, then the chapter programs (got '$mode')" >&2; exit 2 ;;
esac
file=$2
shift 2

catalogue() {
  cat <<'HEAD'
# The claim catalogue

Every claim the workbook checks, chapter by chapter, with the verdict the
workbook expects and why. The four course documents (Doc A-D) and how their
sections are cited are described in [DOCUMENTS.md](DOCUMENTS.md); claims
marked "beyond the documents" are the workbook's own.

This file is generated from the chapters' claim tables
(`build/release/chNN --list-claims`) by `tools/claims_catalogue.sh`; do not
edit it by hand. After changing a claim, rewrite it with
`cmake --build --preset dev --target claims_catalogue`; the test
`docs.claims_catalogue` fails while it is out of date. What each verdict
means: [the README](../README.md#verdicts).

## Claim ids renumbered

Until December 2026 chapters 2, 3, 5 and 6 taught their claims out of
numeric order (ch03 began with 3.5, then 3.3). Issue 42 renumbered them so
that every chapter teaches its claims in numeric order; the order taught, the
claims, their verdicts and numbers did not change. An old id in an earlier
report, commit or issue is the claim in the new column:

| chapter | old id → new id |
|---|---|
| ch02 | 2.4 → 2.3, 2.3 → 2.4 |
| ch03 | 3.5 → 3.1, 3.3 → 3.2, 3.4 → 3.3, 3.6 → 3.4, 3.1 → 3.5, 3.2 → 3.6 |
| ch05 | 5.5 → 5.4, 5.4 → 5.5 |
| ch06 | 6.5 → 6.1, 6.6 → 6.2, 6.1 → 6.3, 6.7 → 6.4, 6.4 → 6.5, 6.2 → 6.6, 6.3 → 6.7 |

Other chapters kept their ids.
HEAD
  local program
  for program in "$@"; do
    "$program" --lang en --list-claims | awk -F'\t' '
      function cell(text) {  # a Markdown table cell: escape what would change the table
        gsub(/\\/, "\\\\", text); gsub(/\|/, "\\|", text); gsub(/\*/, "\\*", text); gsub(/</, "\\&lt;", text)
        gsub(/\[/, "\\[", text); gsub(/\]/, "\\]", text)
        return text
      }
      NR == 1 {
        for (i = 1; i <= NF; i++) col[$i] = i
        split("chapter title id source expected_verdict statement why_expected", need, " ")
        for (k in need) if (!(need[k] in col)) { print "claims_catalogue: --list-claims has no column " need[k] > "/dev/stderr"; exit 3 }
        next
      }
      NR == 2 {
        number = substr($col["chapter"], 3) + 0
        printf "\n## Chapter %d: %s (`%s`)\n\n", number, $col["title"], $col["chapter"]
        print "| id | source | claim | expected verdict | why |"
        print "|---|---|---|---|---|"
      }
      { printf "| %s | %s | %s | %s | %s |\n", cell($col["id"]), cell($col["source"]), cell($col["statement"]),
               cell($col["expected_verdict"]), cell($col["why_expected"]) }'
  done
}

generated=$(mktemp "$file.XXXXXX" 2>/dev/null || mktemp)
trap 'rm -f "$generated"' EXIT
catalogue "$@" >"$generated"
if [ "$mode" = --write ]; then
  chmod 644 "$generated"
  mv "$generated" "$file"
  echo "claims_catalogue: wrote $file ($# chapters)"
elif ! diff -u "$file" "$generated"; then
  echo "claims_catalogue: $file is out of date with the chapters' claim tables;" \
       "rewrite it with: cmake --build --preset dev --target claims_catalogue" >&2
  exit 1
else
  echo "claims_catalogue: $file matches the chapters' claim tables ($# chapters)"
fi
