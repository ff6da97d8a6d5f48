# Figure: The error of P_k computed in float grows in proportion to the position k (d = 512); a scan of every position finds it first passes half the distance between neighbouring codes near k = 10^7, yet nearest-code decoding reads every position up to 2^24 back
# Data: float_error.dat, columns 1 k 2 err_double 3 err_float_arg 4 err_float 5 err_stored 6 half_neighbour; float_threshold.dat, columns 1 k_cross 2 criterion 3 measured 4 k_misread
fig_w = 1100; fig_h = 700
load plotdir.'/common.gp'
f = datadir.'/float_error.dat'
t = datadir.'/float_threshold.dat'
set title "Precision of the sinusoidal table vs position (ch08, claims 8.1 and 8.2)" font ',16'
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
set xlabel 'position k'
set ylabel 'error |P_k(computed) - P_k(exact)|  (Euclidean norm, worst of 16 positions)'
set yrange [1e-16:1e8]   # room at the top for the key
set ytics 1e-16, 100, 1e8
set key top left
set arrow 1 from 16777216, graph 0 to 16777216, graph 1 nohead ls 9
set label 1 '2^{24}: float runs out of integers; 2^{24}+1 is the first misread' at 16777216, graph 0.06 right offset -0.5, 0 font ',11' tc rgb '#555555'
plot f using 1:4 with lines ls 4 title 'float: powf, division, sinf, cosf', \
     f using 1:3 with lines ls 2 title 'angle k/Z_i rounded to float, sin/cos in double', \
     f using 1:5 with lines ls 3 title 'exact values stored in float (the floor)', \
     f using 1:2 with lines ls 1 title 'double: the direct formula', \
     f using 1:6 with lines ls 9 lw 2 title 'half the distance between neighbouring codes', \
     t using 1:2 with points pt 7 ps 2 lc rgb '#b0302a' title 'first position past it (every k scanned)'
