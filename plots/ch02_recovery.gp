# Figure: Reading the word $w$ back from $w + P_k$: integer offsets lose it within a few positions; with the sinusoidal code, at the course's width, it comes back at every position plotted
# Data: by_position.dat, columns 1 position 4 accuracy_integer 5 accuracy_sinusoidal; recovery_fails.dat column 1 position 2 accuracy_threshold
fig_w = 1000; fig_h = 560
load plotdir.'/common.gp'
f = datadir.'/by_position.dat'
g = datadir.'/recovery_fails.dat'
set title w_title font ',16'
set logscale x
set xrange [1:*]
set yrange [-5:110]
set format x '10^{%T}'
set format y '%.0f%%'
set xlabel w_xlabel
set ylabel w_ylabel
set key at graph 0.97, graph 0.8 right
cols_file = g; eval read_columns
c_position = col('position'); c_threshold = col('accuracy_threshold')
stats g using c_position:c_threshold nooutput
kfail = STATS_min_x
threshold = 100 * STATS_min_y   # per cent
set arrow 1 from kfail, graph 0 to kfail, graph 1 nohead ls 9
set label 1 sprintf(w_below, threshold, kfail) at kfail*1.15, threshold + 6 left tc rgb '#b0302a'
set arrow 2 from graph 0, first threshold to graph 1, first threshold nohead ls 9
plot f using ($1 < 1 ? NaN : $1):($4*100) with linespoints ls 2 pt 5 ps 0.5 title w_integer, \
     f using ($1 < 1 ? NaN : $1):($5*100) with linespoints ls 1 pt 7 ps 0.5 title w_sinusoidal
