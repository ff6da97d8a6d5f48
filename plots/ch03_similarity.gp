# Figure: $s(R)$, the similarity of two codes $R$ positions apart: it falls at first, then ripples around a slow decline; narrow tables come back close to 1
# Data: similarity.dat (offset s_d16 s_d128 s_d512 s_d); similarity_bands.dat (offset_from offset_to, then min mean max for each width: min_d16 mean_d16 max_d16 ...); similarity_turns.dat (d first_turn s_at_turn)
fig_w = 1400; fig_h = 600
load plotdir.'/common.gp'
f = datadir.'/similarity.dat'
b = datadir.'/similarity_bands.dat'
t = datadir.'/similarity_turns.dat'
# The widths drawn are the ones the files name: columns s_dN of similarity.dat
# (the three fixed widths; s_d, the --d width, is not drawn) and mean_dN of
# similarity_bands.dat.
cols_file = f; eval read_columns
near_cols = cols
cols_file = b; eval read_columns
band_cols = cols
width_of(name) = name[strstrt(name, '_d') + 2:*]    # 's_d16' -> '16'
near_col(w) = (cols = near_cols, col('s_d'.w))
band_col(kind, w) = (cols = band_cols, col(kind.'_d'.w))
widths = ''
do for [i = 2:words(near_cols)] {
    if (word(near_cols, i) ne 's_d') { widths = widths.' '.width_of(word(near_cols, i)) }
}
stats f using 1 nooutput
last_offset = STATS_max
stats t using 2 nooutput
near_end = ceil(1.4 * STATS_max) < last_offset ? ceil(1.4 * STATS_max) : last_offset   # past the last first turn
stats b using 1:2 nooutput
far_end = STATS_max_y
mid(lo, hi) = sqrt(lo * (hi + 1))
band_colour(n) = word('#2a9d3a #1f5fa8 #e07b00 #b0302a', (n - 1) % 4 + 1)
line_style(n) = word('3 1 2 4', (n - 1) % 4 + 1) + 0
set multiplot layout 1,2 title w_title font ',16'
set ylabel 's(R)'
set yrange [-1.05:1.05]
set key bottom left
set title sprintf(w_near_title, near_end)
set xlabel w_near_xlabel
set xrange [0:near_end]
plot for [n = 1:words(widths)] f using 1:near_col(word(widths, n)) with linespoints ls line_style(n) pt 7 ps 0.5 \
         title 'd = '.word(widths, n), \
     t using 2:3 with points ls 4 pt 6 ps 2.5 title w_first_turn
set title sprintf(w_far_title, far_end)
set logscale x
set xrange [1:far_end]
set format x '10^{%T}'
set xlabel w_far_xlabel
set style fill transparent solid 0.22 noborder
plot for [n = 1:words(widths)] b using (mid($1,$2)):band_col('min', word(widths, n)):band_col('max', word(widths, n)) \
         with filledcurves lc rgb band_colour(n) notitle, \
     for [n = 1:words(widths)] b using (mid($1,$2)):band_col('mean', word(widths, n)) with lines ls line_style(n) \
         title 'd = '.word(widths, n)
unset multiplot
