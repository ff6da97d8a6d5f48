# Figure: Dimensions 0 (sin), 1 (cos) and 10 (sin, pair 5) over positions 0..49: the same kind of wave at different speeds
# Data: waves.dat (table rows) and waves_continuous.dat (the curves between them), columns 1 position 2 dim0 3 dim1 4 dim10
fig_w = 1100; fig_h = 820
load plotdir.'/common.gp'
stats datadir.'/heatmap.dat' using 2 nooutput   # the table's d = largest dimension index + 1
d = int(STATS_max) + 1
f = datadir.'/waves.dat'
c = datadir.'/waves_continuous.dat'
set multiplot layout 3,1 title sprintf("Three dimensions of the d = %d table (ch03, claim 3.5)", d) font ',16'
set xrange [0:49]
set yrange [-1.25:1.25]
set ytics 1
set ylabel 'P_k[j]'
set key outside right top
set lmargin 10
set rmargin 26
set xlabel ''
set title 'dimension 0: sin(k), period 6.3 positions'
plot c using 1:2 with lines ls 1 lw 1.2 dt 2 title 'continuous k', f using 1:2 with points ls 1 pt 7 title 'positions 0..49'
set title 'dimension 1: cos(k), period 6.3 positions'
plot c using 1:3 with lines ls 2 lw 1.2 dt 2 title 'continuous k', f using 1:3 with points ls 2 pt 7 title 'positions 0..49'
set title sprintf('dimension 10: sin(k / 10000^{10/%d}), period %.1f positions', d, 2 * pi * 10000**(10.0 / d))
set xlabel 'position k'
plot c using 1:4 with lines ls 3 lw 1.2 dt 2 title 'continuous k', f using 1:4 with points ls 3 pt 7 title 'positions 0..49'
unset multiplot
