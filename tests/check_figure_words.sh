#!/usr/bin/env bash
# check_figure_words.sh PLOTS EN_WORDS OTHER_WORDS...: the figures' words
# (lessons/LANG/figure_words.tsv: figure, key, text; lessons/README.md,
# "Figures") against the scripts that use them (plots/NAME.gp, which read
# the row (NAME, KEY) as the string w_KEY). Fails when:
#   - a row is not three fields, its key not [a-z0-9_]+, its figure not a
#     script, or a (figure, key) comes twice;
#   - a script uses a w_KEY the English file lacks, or the English file has
#     a key its figure's script never names (a script that looks a word up by
#     a computed name, value('w_'.x) or value(sprintf('w_term%d', t)), names
#     each such key in a comment; the "# Figure:" and "# Data:" lines, which
#     name data columns, are not read);
#   - another language's file lacks a key of the English one or has one it
#     does not (zh-CN: the file the build made from zh-TW's);
#   - a text's % conversions (%d, %.2f, %s) differ from the English text's,
#     in kind or order: gnuplot's sprintf fills them in order and takes no
#     %1$ forms (a literal %% may stand anywhere).
# Exit 0 when all agree, 1 otherwise (each problem on a line), 2 on bad arguments.
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: check_figure_words.sh PLOTS EN_WORDS [OTHER_WORDS...]"; exit 2; }
plots=$1
shift
for f in "$@"; do [ -f "$f" ] || { echo "$f: no such file"; exit 2; }; done
[ -d "$plots" ] || { echo "$plots: no such folder"; exit 2; }

# The keys each script names: "NAME<TAB>KEY" lines.
used=$(for script in "$plots"/ch[0-9][0-9]_*.gp; do
  name=$(basename "$script" .gp)
  tail -n +3 "$script" | sed -E 's/w_[a-z0-9_]*%//g' | grep -oE '(^|[^A-Za-z0-9_])w_[a-z0-9_]+' | sed -E 's/^.*w_//' |
    sort -u | sed "s/^/$name\t/"
done)

awk -F '\t' -v used="$used" -v scripts="$(cd "$plots" && ls ch[0-9][0-9]_*.gp | sed 's/\.gp$//')" '
function conversions(text,   out, s, m) {
  out = ""; s = text
  while (match(s, /%[-+ #0]*[0-9]*(\.[0-9]+)?[a-zA-Z%$]/)) {
    if (substr(s, RSTART, RLENGTH) != "%%") out = out " " substr(s, RSTART, RLENGTH)
    s = substr(s, RSTART + RLENGTH)
  }
  return out
}
function fail(msg) { print "FAIL " msg; bad = 1 }
BEGIN {
  n = split(scripts, s, "\n"); for (i = 1; i <= n; i++) script[s[i]] = 1
  n = split(used, u, "\n"); for (i = 1; i <= n; i++) if (u[i] != "") { split(u[i], p, "\t"); uses[p[1] SUBSEP p[2]] = 1 }
}
FNR == 1 { file++; name[file] = FILENAME; header = 0 }
/^#/ || /^$/ { next }
!header { header = 1; if ($1 != "figure" || $2 != "key" || $3 != "text") fail(FILENAME ": the header is not figure, key, text"); next }
{
  where = FILENAME ":" FNR
  if (NF != 3) { fail(where ": " NF " fields, expected figure, key, text"); next }
  if ($2 !~ /^[a-z0-9_]+$/) fail(where ": key \"" $2 "\" is not [a-z0-9_]+")
  if (!($1 in script)) fail(where ": no script plots/" $1 ".gp")
  k = $1 SUBSEP $2
  if ((file, k) in text) fail(where ": " $1 " " $2 " comes twice")
  text[file, k] = $3; keys[file] = keys[file] " " k
  if (file == 1) english[k] = 1
}
END {
  for (k in uses) if (!(k in english)) { split(k, p, SUBSEP); fail(p[1] ".gp uses w_" p[2] ", which " name[1] " lacks") }
  for (k in english) if (!(k in uses)) { split(k, p, SUBSEP); fail(name[1] ": " p[1] " " p[2] " is used by no script") }
  for (f = 2; f <= file; f++) {
    for (k in english) {
      split(k, p, SUBSEP)
      if (!((f, k) in text)) { fail(name[f] ": " p[1] " " p[2] " is missing"); continue }
      if (conversions(text[f, k]) != conversions(text[1, k]))
        fail(name[f] ": " p[1] " " p[2] " has the conversions \"" conversions(text[f, k]) "\", English \"" conversions(text[1, k]) "\"")
    }
    n = split(keys[f], ks, " ")
    for (i = 1; i <= n; i++) if (!(ks[i] in english)) { split(ks[i], p, SUBSEP); fail(name[f] ": " p[1] " " p[2] " is not an English key") }
  }
  if (!bad) print "ok: " length(english) " words in " file " languages, each used, each language with every key and the same conversions"
  exit bad
}' "$@"
