# Figure: Dimensions 0 ($\sin$), 1 ($\cos$) and 10 ($\sin$, pair 5; dimension $d-2$ when $d \le 10$) over positions 0 to 49 by default: the same kind of wave at different speeds
# Data: waves.dat (table rows) and waves_continuous.dat (the curves between them), columns position dim0 dim1 dimJ (J = 10, or d-2 when d <= 10); heatmap.dat (position dim value) gives d
fig_w = 1100; fig_h = 820
load plotdir.'/common.gp'
stats datadir.'/heatmap.dat' using 2 nooutput   # the table's d = largest dimension index + 1
d = int(STATS_max) + 1
f = datadir.'/waves.dat'
c = datadir.'/waves_continuous.dat'
cols_file = f; eval read_columns
j3 = int(word(cols, 4)[4:*])       # the third wave's dimension, from its column name dimJ
stats f using 1 nooutput
last_k = int(STATS_max)
period(j) = 2 * pi * 10000**((2 * int(j / 2)) / (1.0 * d))   # pair int(j/2) turns once in this many positions
set multiplot layout 3,1 title sprintf(w_title, d) font ',16'
set xrange [0:last_k]
set yrange [-1.25:1.25]
set ytics 1
set ylabel 'P_k[j]'
set key outside right top
set lmargin 10
set rmargin 26
set xlabel ''
set title sprintf(w_dim0, period(0))
plot c using 1:2 with lines ls 1 lw 1.2 dt 2 title w_continuous, f using 1:2 with points ls 1 pt 7 title sprintf(w_positions, last_k)
set title sprintf(w_dim1, period(1))
plot c using 1:3 with lines ls 2 lw 1.2 dt 2 title w_continuous, f using 1:3 with points ls 2 pt 7 title sprintf(w_positions, last_k)
set title sprintf(w_dimj, j3, (j3 % 2 ? 'cos' : 'sin'), 2 * int(j3 / 2), d, period(j3))
set xlabel w_xlabel
plot c using 1:4 with lines ls 3 lw 1.2 dt 2 title w_continuous, f using 1:4 with points ls 3 pt 7 title sprintf(w_positions, last_k)
unset multiplot
