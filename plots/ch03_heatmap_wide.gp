# Figure: A wide view of the table (d = 128, positions 0..999): the high dimensions change only over hundreds of positions
# Data: heatmap_wide.dat, a matrix: row = dimension j (0..127), column = position k (0..999)
fig_w = 1400; fig_h = 620
load plotdir.'/common.gp'
set title "Sinusoidal position codes P_k[j], d = 128, positions 0..999 (ch03, claim 3.5)" font ',16'
set xlabel 'position k'
set ylabel 'dimension j (0 at the top)'
set cblabel 'P_k[j]'
set cbrange [-1:1]
set cbtics 0.5
set xrange [-0.5:999.5]
set yrange [127.5:-0.5]
set xtics 100 out
set ytics 16 out
unset grid
unset key
set tics scale 0.5
plot datadir.'/heatmap_wide.dat' matrix with image
