#!/usr/bin/env bash
# check_claim_lists.sh PROGRAM CHAPTER_SOURCE README: a chapter's claim list is
# written once, in its CLAIMS[] table (printed by PROGRAM --list-claims); the
# other places that list the claims must agree with it:
#   - the chapter's header comment ("//   N.M  source  what" lines),
#   - the chapter's row of README.md's chapter table ("(N.M)", "(N.M, N.K)",
#     "(N.M-N.K)" mentions): every claim mentioned, no claim that is not there;
# and the table's ids count up in its order (N.1, N.2, ...: the order taught).
# (The claim tests and docs/CLAIMS.md are generated from the table itself.)
set -uo pipefail
program=$1 source=$2 readme=$3
name=$(basename "$program")
number=$((10#${name#ch}))

table=$("$program" --lang en --list-claims | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "id") c = i; next } { print $c }' | sort -V)
[ -n "$table" ] || { echo "$name: --list-claims printed no claims"; exit 1; }

# The header comment: the comment block before the first line of code.
header=$(awk '!/^\/\// { exit } { print }' "$source" | sed -n 's|^//  *\([0-9][0-9]*\.[0-9][0-9]*\)  *[^ ].*|\1|p' | sort -uV)

# The README row of this chapter; ranges N.a-N.b are expanded; a number
# followed by % ("6.25%") is no claim id.
row=$(grep -E "^\| $number \| \`$name\` \|" "$readme")
[ -n "$row" ] || { echo "$name: README.md has no row '| $number | \`$name\` |'"; exit 1; }
readme_ids=$(printf '%s\n' "$row" | grep -oP "(?<![0-9.])$number\.[0-9]+(-$number\.[0-9]+)?(?![0-9%])" | while IFS=- read -r a b; do
  if [ -n "$b" ]; then for ((k = ${a#*.}; k <= ${b#*.}; k++)); do echo "$number.$k"; done; else echo "$a"; fi
done | sort -uV)

status=0
compare() {  # compare WHAT LIST
  local missing extra
  missing=$(comm -23 <(printf '%s\n' "$table" | sort) <(printf '%s\n' "$2" | sort) | sort -V | tr '\n' ' ')
  extra=$(comm -13 <(printf '%s\n' "$table" | sort) <(printf '%s\n' "$2" | sort) | sort -V | tr '\n' ' ')
  if [ -n "$missing$extra" ]; then
    echo "$name: $1 disagrees with the claim table${missing:+; missing: $missing}${extra:+; not in the table: $extra}"
    status=1
  fi
}
# The ids count up in the order the chapter teaches them, its table's order:
# N.1, N.2, ... (CONTRIBUTING.md; docs/CLAIMS.md lists the ids renumbered so).
taught=$("$program" --lang en --list-claims | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "id") c = i; next } { printf "%s ", $c }')
counted=$(k=0; for id in $taught; do k=$((k + 1)); printf '%s ' "$number.$k"; done)
if [ "$taught" != "$counted" ]; then
  echo "$name: the claims are not numbered in the order the chapter teaches them: ${taught% } (expected ${counted% })"
  status=1
fi
compare "the header comment of $(basename "$source")" "$header"
compare "README.md's row" "$readme_ids"
[ $status -eq 0 ] && echo "$name: header comment and README row list the same claims as the table: $(echo $table)"
exit $status
