# Figure: The sinusoidal table $P_k[j]$ at the course's scale ($d = 128$ and positions 0 to 99 by default): fast stripes in the low dimensions, slow bands in the high ones
# Data: heatmap.dat, columns position dim value
fig_w = 1100; fig_h = 700
load plotdir.'/common.gp'
f = datadir.'/heatmap.dat'
cols_file = f; eval read_columns
# Columns given to `using` as plain numbers, not (column(n)) expressions
# evaluated at each of the 12,800 points (common.gp): 0.3 s of CPU an SVG
# and 0.4 s a PNG before, 0.06 s and 0.14 s so (2026-12-05).
c_k = col('position'); c_j = col('dim'); c_value = col('value')
stats f using c_k:c_j nooutput
last_k = int(STATS_max_x)
d = int(STATS_max_y) + 1           # d = largest dimension index + 1
set title sprintf(w_title, d, last_k) font ',16'
set xlabel w_xlabel
set ylabel w_ylabel
set cblabel 'P_k[j]'
set cbrange [-1:1]
set cbtics 0.5
set xrange [-0.5:last_k + 0.5]
set yrange [d - 0.5:-0.5]
set xtics tic_step(last_k + 1) out
ytic_step = (d >= 32 ? d / 8 : 2)
set ytics ytic_step out
unset grid
unset key
set tics scale 0.5
plot f using c_k:c_j:c_value with image
