#!/usr/bin/env bash
# ch00_pca_labels.sh PCA_DAT: the word labels chapter 0 placed for its figure
# ch00_pca (plots/ch00_pca.gp) are readable where they stand. From pca.dat
# alone, in each panel's pixels at the standard size (plot_w x plot_h pixels
# for the ranges x_lo..x_hi, y_lo..y_hi; the font label_pt points, drawn as
# 4/3 pixels a point by the PNG, the larger of the two formats), each label's
# box is its text's width in DejaVu Sans (the advance widths of a..z, digits
# 0.636 of the font size, any other character a whole font size) by the
# font's height (ascent + descent, 1.16 font sizes), centred on lx, ly. The
# check fails when:
#   - two labels of a panel overlap;
#   - a label covers a word's point (its own or another's);
#   - a label reaches outside its panel or down onto the row where the mean
#     offset is drawn (ref_y);
#   - the two axes do not have one scale (the arrows' angles would lie);
#   - no label was drawn at all.
# Exit 0 when every label passes, 1 otherwise (each failure named), 2 on bad
# arguments.
set -uo pipefail
dat=${1:?usage: ch00_pca_labels.sh PCA_DAT}
[ -f "$dat" ] || { echo "$dat: no such file"; exit 2; }
awk '
BEGIN {
  split("613 635 550 635 615 352 635 634 278 278 579 278 974 634 612 635 635 411 521 392 634 592 818 592 592 525", w, " ")
  letters = "abcdefghijklmnopqrstuvwxyz"
  for (i = 1; i <= 26; i++) adv[substr(letters, i, 1)] = w[i] / 1000
  for (i = 0; i <= 9; i++) adv[i ""] = 0.636
  bad = 0; labels = 0
}
function width(word, font,   i, c, sum) {
  sum = 0
  for (i = 1; i <= length(word); i++) { c = substr(word, i, 1); sum += (c in adv) ? adv[c] : 1.0 }
  return sum * font
}
function fail(msg) { print "FAIL " msg; bad = 1 }
function add(panel, word, cx, cy, wd, ht,   k) {
  k = ++n[panel]
  name[panel, k] = word; x0[panel, k] = cx - wd / 2; x1[panel, k] = cx + wd / 2
  y0[panel, k] = cy - ht / 2; y1[panel, k] = cy + ht / 2
  labels++
}
/^#/ { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
NF == 0 { next }
{
  if (!("lx_a" in col)) { fail("no header line naming the columns"); exit 1 }
  if ($col["pair"] < 0) next
  p = $col["panel"]
  s = $col["plot_w"] / ($col["x_hi"] - $col["x_lo"]); sy = $col["plot_h"] / ($col["y_hi"] - $col["y_lo"])
  if (s <= 0 || sy <= 0 || (s - sy) / s > 1e-3 || (sy - s) / s > 1e-3)
    fail(p ": the axes have two scales, " s " and " sy " pixels a unit")
  font = $col["label_pt"] * 4 / 3; ht = 1.16 * font
  W[p] = $col["plot_w"]; H[p] = $col["plot_h"]
  floor_px[p] = ($col["ref_y"] - $col["y_lo"]) * s + ht / 2
  for (side = 0; side < 2; side++) {
    t = side ? "b" : "a"
    word = $col["word_" t]
    add(p, word, ($col["lx_" t] - $col["x_lo"]) * s, ($col["ly_" t] - $col["y_lo"]) * s, width(word, font), ht)
    k = ++np[p]
    px[p, k] = ($col["x_" t] - $col["x_lo"]) * s; py[p, k] = ($col["y_" t] - $col["y_lo"]) * s; pw[p, k] = word
  }
}
END {
  if (labels == 0) { fail("no label drawn"); exit 1 }
  for (p in n) {
    for (i = 1; i <= n[p]; i++) {
      if (x0[p, i] < 0 || x1[p, i] > W[p] || y1[p, i] > H[p])
        fail(p ": \"" name[p, i] "\" reaches outside the panel")
      if (y0[p, i] < floor_px[p])
        fail(p ": \"" name[p, i] "\" reaches down onto the row of the mean offset")
      for (j = i + 1; j <= n[p]; j++)
        if (x0[p, i] < x1[p, j] && x0[p, j] < x1[p, i] && y0[p, i] < y1[p, j] && y0[p, j] < y1[p, i])
          fail(p ": \"" name[p, i] "\" and \"" name[p, j] "\" overlap")
      for (k = 1; k <= np[p]; k++)
        if (px[p, k] > x0[p, i] && px[p, k] < x1[p, i] && py[p, k] > y0[p, i] && py[p, k] < y1[p, i])
          fail(p ": \"" name[p, i] "\" covers the point of \"" pw[p, k] "\"")
    }
  }
  if (!bad) print "ok: " labels " labels, none overlapping another, a point or the mean offset, all inside their panels"
  exit bad
}' "$dat"
