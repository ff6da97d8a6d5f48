# Figure: The sinusoidal table at the course's scale (d = 128, positions 0..99): fast stripes in the low dimensions, slow bands in the high ones
# Data: heatmap.dat, columns 1 position 2 dim 3 value
fig_w = 1100; fig_h = 700
load plotdir.'/common.gp'
set title "Sinusoidal position codes P_k[j], d = 128 (ch03, claim 3.5)" font ',16'
set xlabel 'position k'
set ylabel 'dimension j (0 at the top)'
set cblabel 'P_k[j]'
set cbrange [-1:1]
set cbtics 0.5
set xrange [-0.5:99.5]
set yrange [127.5:-0.5]
set xtics 10 out
set ytics 16 out
unset grid
unset key
set tics scale 0.5
plot datadir.'/heatmap.dat' using 1:2:3 with image
