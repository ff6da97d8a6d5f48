# Figure: The sinusoidal table at the course's scale (d = 128 by default, positions 0..99): fast stripes in the low dimensions, slow bands in the high ones
# Data: heatmap.dat, columns 1 position 2 dim 3 value
fig_w = 1100; fig_h = 700
load plotdir.'/common.gp'
stats datadir.'/heatmap.dat' using 2 nooutput   # d = largest dimension index + 1
d = int(STATS_max) + 1
set title sprintf("Sinusoidal position codes P_k[j], d = %d (ch03, claim 3.5)", d) font ',16'
set xlabel 'position k'
set ylabel 'dimension j (0 at the top)'
set cblabel 'P_k[j]'
set cbrange [-1:1]
set cbtics 0.5
set xrange [-0.5:99.5]
set yrange [d - 0.5:-0.5]
set xtics 10 out
ytic_step = (d >= 32 ? d / 8 : 2)
set ytics ytic_step out
unset grid
unset key
set tics scale 0.5
plot datadir.'/heatmap.dat' using 1:2:3 with image
