# Figure: The same sinusoidal table in two column layouts: interleaved sin/cos as in the formula (left) and all sines then all cosines (right)
# Data: table_interleaved.dat, table_halves.dat, columns position dimension value
fig_w = 1400; fig_h = 600
load plotdir.'/common.gp'
fi = datadir.'/table_interleaved.dat'
fh = datadir.'/table_halves.dat'
cols_file = fi; eval read_columns
# Plain column numbers in `using` (common.gp): 0.17 s of CPU an SVG before, 0.05 s so (2026-12-05).
c_k = col('position'); c_j = col('dimension'); c_value = col('value')
stats fi using c_k:c_j nooutput
last_k = STATS_max_x
last_j = STATS_max_y
set multiplot title w_title font ',16'
unset grid
unset key
set cbrange [-1:1]
set cblabel 'P_k[j]'
set xlabel w_xlabel
set tics out
set rmargin 11
set xrange [-0.5:last_k+0.5]
set yrange [last_j+0.5:-0.5]    # dimension 0 at the top (common.gp's heatmap rule)

set origin 0.0, 0.0
set size 0.5, 0.93
set title w_interleaved
set ylabel w_interleaved_ylabel
plot fi using c_k:c_j:c_value with image

set origin 0.5, 0.0
set size 0.5, 0.93
set title sprintf(w_halves, (last_j-1)/2, (last_j+1)/2, last_j)
set ylabel w_halves_ylabel
plot fh using c_k:c_j:c_value with image, \
     (last_j+1)/2 - 0.5 with lines lw 2 dt 2 lc rgb 'white'
unset multiplot
