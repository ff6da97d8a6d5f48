# Figure: A wide view of the table ($d = 128$ and positions 0 to 999 by default): the high dimensions change slowly (for $d = 128$ pair 32 turns once in 628 positions, pair 63 once in 54410)
# Data: heatmap_wide.dat, a matrix: row = dimension j (0..d-1), column = position k (0..N-1)
fig_w = 1400; fig_h = 620
load plotdir.'/common.gp'
f = datadir.'/heatmap_wide.dat'
stats f matrix nooutput
d = int(STATS_size_y)              # one row per dimension
last_k = int(STATS_size_x) - 1     # one column per position
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
plot f matrix with image
