# Figure: The rotation $M_R$ ($P_{k+R} = M_R P_k$; $R = 3$) in the interleaved order ($2 \times 2$ blocks on the diagonal) and in the halves order (entries $d/2$ away from the diagonal)
# Data: rotation_interleaved.dat, rotation_halves.dat, columns column row value R
fig_w = 1300; fig_h = 620
load plotdir.'/common.gp'
fi = datadir.'/rotation_interleaved.dat'
fh = datadir.'/rotation_halves.dat'
cols_file = fi; eval read_columns
# Plain column numbers in `using` (common.gp): 0.17 s of CPU an SVG before, 0.05 s so (2026-12-05).
c_b = col('column'); c_a = col('row'); c_value = col('value'); c_R = col('R')
stats fi using c_b:c_R nooutput
last = STATS_max_x
R = STATS_max_y
set multiplot title w_title font ',16'
set size ratio -1
unset grid
unset key
set cbrange [-1:1]
set cblabel sprintf(w_cblabel, R)
set xlabel w_xlabel
set ylabel w_ylabel
set tics out
set rmargin 11
set xrange [-0.5:last+0.5]
set yrange [last+0.5:-0.5]
set origin 0.0, 0.0
set size 0.5, 0.93
set title w_interleaved
plot fi using c_b:c_a:c_value with image
set origin 0.5, 0.0
set size 0.5, 0.93
set title sprintf(w_halves, (last+1)/2)
plot fh using c_b:c_a:c_value with image
unset multiplot
