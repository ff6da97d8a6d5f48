# Figure: The rotation M_3 (P_{k+3} = M_3 P_k) in the interleaved order (2x2 blocks on the diagonal) and in the halves order (entries d/2 away from the diagonal)
# Data: rotation_interleaved.dat, rotation_halves.dat, columns 1 column 2 row 3 value
fig_w = 1300; fig_h = 620
load plotdir.'/common.gp'
stats datadir.'/rotation_interleaved.dat' using 1 nooutput
last = STATS_max
set multiplot title "Same map, other column order: M_R is block-diagonal only when interleaved (ch07, claim 7.6)" font ',16'
set size ratio -1
unset grid
unset key
set cbrange [-1:1]
set cblabel 'entry of M_3'
set xlabel 'column b'
set ylabel 'row a'
set tics out
set rmargin 11
set xrange [-0.5:last+0.5]
set yrange [last+0.5:-0.5]
set origin 0.0, 0.0
set size 0.5, 0.93
set title 'interleaved: 2x2 rotations on the diagonal (bandwidth 1)'
plot datadir.'/rotation_interleaved.dat' using 1:2:3 with image
set origin 0.5, 0.0
set size 0.5, 0.93
set title sprintf('halves: sine and cosine %d apart (bandwidth d/2)', (last+1)/2)
plot datadir.'/rotation_halves.dat' using 1:2:3 with image
unset multiplot
