#!/bin/sh
# evidence_numbers.sh: the numbers a chapter's evidence prints, claim by claim,
# so that moving the evidence's words out of C (into lessons/LANG/chNN.md)
# can be held to printing every number it printed before (issue 41).
#
#   tests/evidence_numbers.sh list OUTPUT
#       OUTPUT: what 'chNN --lang en --evidence' printed. Prints one line per
#       claim and number, "ID<TAB>NUMBER", sorted and without repeats: every
#       number (digits, an optional fraction and exponent; signs are not
#       numbers: "-0.28" and "−0.28" are "0.28") between a claim's
#       "Evidence:" line and its verdict line ("=> ...").
#   tests/evidence_numbers.sh check BASELINE OUTPUT [VERBOSE_OUTPUT] [ALLOWED]
#       BASELINE: a 'list' of the evidence as it was (tests/evidence_numbers/
#       chNN.tsv). OUTPUT: the evidence now; VERBOSE_OUTPUT: the same run with
#       --verbose, where a number printed only for debugging may have gone.
#       ALLOWED: reviewed differences, "ID<TAB>NUMBER<TAB>+|-<TAB>why" (+ a
#       number the evidence prints now and did not, - one it no longer prints).
#       Exit 0 when the sets agree, else 1 with each difference on stderr.
set -eu

list() {
    awk '
        /^[0-9]+\.[0-9]+ · / { id = $1; inside = 0; next }
        /^(Evidence|證據|证据)[:：]$/ { inside = 1; next }
        /^=> / { inside = 0; next }
        inside && id != "" {
            line = $0
            while (match(line, /[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/)) {
                print id "\t" substr(line, RSTART, RLENGTH)
                line = substr(line, RSTART + RLENGTH)
            }
        }' "$1" | LC_ALL=C sort -u
}

case "${1:-}" in
list)
    [ $# -eq 2 ] || { echo "usage: $0 list OUTPUT" >&2; exit 2; }
    list "$2"
    ;;
check)
    [ $# -ge 3 ] && [ $# -le 5 ] || { echo "usage: $0 check BASELINE OUTPUT [VERBOSE_OUTPUT] [ALLOWED]" >&2; exit 2; }
    baseline=$2 now=$3 verbose=${4:-} allowed=${5:-}
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    list "$now" > "$work/now"
    if [ -n "$verbose" ]; then list "$verbose" | cat - "$work/now" | LC_ALL=C sort -u > "$work/reachable"
    else cp "$work/now" "$work/reachable"; fi
    : > "$work/plus"; : > "$work/minus"
    if [ -n "$allowed" ] && [ -s "$allowed" ]; then
        awk -F '\t' '!/^#/ && $3 == "+" { print $1 "\t" $2 }' "$allowed" | LC_ALL=C sort -u > "$work/plus"
        awk -F '\t' '!/^#/ && $3 == "-" { print $1 "\t" $2 }' "$allowed" | LC_ALL=C sort -u > "$work/minus"
    fi
    LC_ALL=C sort -u "$baseline" > "$work/base"
    # lost: in the baseline, printed neither now nor with --verbose, and not reviewed as dropped
    LC_ALL=C comm -23 "$work/base" "$work/reachable" | LC_ALL=C comm -23 - "$work/minus" > "$work/lost"
    # new: printed now (by default), not in the baseline, and not reviewed as added
    LC_ALL=C comm -13 "$work/base" "$work/now" | LC_ALL=C comm -23 - "$work/plus" > "$work/new"
    status=0
    if [ -s "$work/lost" ]; then
        echo "evidence_numbers: $(wc -l < "$work/lost") number(s) the evidence printed before and no longer prints (claim, number):" >&2
        sed 's/^/  - /' "$work/lost" >&2
        status=1
    fi
    if [ -s "$work/new" ]; then
        echo "evidence_numbers: $(wc -l < "$work/new") number(s) the evidence prints now and did not before (claim, number):" >&2
        sed 's/^/  + /' "$work/new" >&2
        status=1
    fi
    [ $status -eq 0 ] && echo "evidence_numbers: $(wc -l < "$work/base") numbers of $(cut -f1 "$work/base" | sort -u | wc -l) claims, all printed"
    exit $status
    ;;
*)
    echo "usage: $0 list OUTPUT | check BASELINE OUTPUT [VERBOSE_OUTPUT] [ALLOWED]" >&2
    exit 2
    ;;
esac
