# Figure: Doc A's split of the attention score $A(n, m)$ into four terms, over query position $n$ and key position $m$, for one random head (top row, one colour scale): content × content has no position, the cross terms (② and ③) follow one position each, position × position is smooth in both. Below: term 4's part that depends on $m - n$ alone (own colour scale, constant along diagonals), and term 4 against $m - n$: a wide cloud around that thin curve
# Data: four_terms.dat columns query_n key_m term1 term2 term3 term4 score term4_relative d
fig_w = 1600; fig_h = 1000
load plotdir.'/common.gp'
f = datadir.'/four_terms.dat'
cols_file = f; eval read_columns
# Column numbers looked up once and given to `using` as plain numbers
# (common.gp): the stats passes (eight then, seven now: term 4's was done
# twice) and seven plots over 16,384 points made this the slowest figure,
# 2.0 s of CPU an SVG and 2.5 s a PNG with (column(n)) expressions, 0.4 s
# and 0.6 s so (2026-12-05, medians of 5).
# Expressions stay where they compute something: m - n.
c_n = col('query_n'); c_m = col('key_m'); c_d = col('d')
stats f using c_n:c_d nooutput
last = int(STATS_max_x)
d = int(STATS_max_y)
# Sizes from the data: each column's rms; one colour range (the largest
# |value|) for the four terms, so their sizes compare; the relative part gets
# a range of its own.
array rms[6]
array c_term[6]
names = 'term1 term2 term3 term4 score term4_relative'
do for [t = 1:6] { c_term[t] = col(word(names, t)) }
big = 0
do for [t = 1:6] {
    stats f using c_term[t] nooutput
    rms[t] = sqrt(STATS_sumsq / STATS_records)
    top = (abs(STATS_min) > abs(STATS_max) ? abs(STATS_min) : abs(STATS_max))
    if (t <= 4) { big = (top > big ? top : big) }
    if (t == 4) { t4_lo = STATS_min; t4_hi = STATS_max }
    if (t == 6) { rel_big = top }
}
set multiplot title sprintf(w_title, rms[5], d, last) font ',17'
unset grid
unset key
set tics out scale 0.5 font ',11'
# Four columns, two rows of square panels (0.18 of the width = 288 px across,
# 0.288 of the height).
col_l(c) = 0.045 + (c - 1) * 0.235
col_r(c) = col_l(c) + 0.18
row_t(r) = r == 1 ? 0.865 : 0.425
row_b(r) = row_t(r) - 0.288
panel(c, r) = sprintf("set lmargin at screen %f; set rmargin at screen %f; set tmargin at screen %f; set bmargin at screen %f", \
                      col_l(c), col_r(c), row_t(r), row_b(r))
heatmap_axes = "set size noratio; set xrange [-0.5:last + 0.5]; set yrange [last + 0.5:-0.5]; " . \
               "set xtics tic_step(last + 1) * 2; set ytics tic_step(last + 1) * 2; " . \
               "set xlabel w_key_position font ',11' offset 0, 0.5; set ylabel w_query_position font ',11' offset 1.5, 0"
term_title(t) = value(sprintf('w_term%d', t))   # w_term1, w_term2, w_term3, w_term4

# Top row: the four terms, one colour scale, its bar right of term 4.
set cbrange [-big:big]
set cbtics font ',11'
set colorbox user origin screen col_r(4) + 0.012, screen row_b(1) size screen 0.012, screen 0.288
do for [t = 1:4] {
    eval panel(t, 1)
    eval heatmap_axes
    set title sprintf(w_term_rms, term_title(t), rms[t]) font ',12'
    if (t == 4) { set colorbox } else { unset colorbox }
    plot f using c_m:c_n:c_term[t] with image
}

# Bottom row: term 4's relative part on a colour scale of its own.
eval panel(1, 2)
eval heatmap_axes
set cbrange [-rel_big:rel_big]
set colorbox user origin screen col_r(1) + 0.012, screen row_b(2) size screen 0.012, screen 0.288
set title sprintf(w_relative_title, rms[6], 100.0 * rms[6] / rms[4]) font ',12'
plot f using c_m:c_n:c_term[6] with image

# Term 4 against the offset: at each m - n a spread of values (absolute
# position), around its relative part, which is one curve (a function of
# m - n: drawn once per offset, from row n = 0 and column m = 0).
unset colorbox
set lmargin at screen col_l(2) + 0.03
set rmargin at screen col_r(4)
set tmargin at screen row_t(2)
set bmargin at screen row_b(2)
set xrange [-last - 0.5:last + 0.5]
set yrange [t4_lo * 1.1:t4_hi * 1.1 + (t4_hi - t4_lo) * 0.25]
set xtics tic_step(2 * last + 1) * 2
set ytics auto
set grid
set xlabel w_offset font ',11' offset 0, 0.5
set ylabel w_term4_axis font ',11' offset 1.5, 0
set key top center horizontal font ',11' samplen 1
set title w_cloud_title font ',12'
plot f using (column(c_m) - column(c_n)):c_term[4] with points pt 7 ps 0.12 lc rgb '#999999' title w_cloud, \
     f using (column(c_n) == 0 || column(c_m) == 0 ? column(c_m) - column(c_n) : NaN):c_term[6] \
         with points ls 1 pt 7 ps 0.35 title w_curve
unset multiplot
