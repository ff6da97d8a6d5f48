# Figure: s(R), the similarity of two codes R positions apart: it falls at first, then ripples around a slow decline; narrow tables come back close to 1
# Data: similarity.dat (1 offset 2 s_d16 3 s_d128 4 s_d512); similarity_bands.dat (1 offset_from 2 offset_to, then min mean max for d=16: 3-5, d=128: 6-8, d=512: 9-11); similarity_turns.dat (1 d 2 first_turn 3 s_at_turn)
fig_w = 1400; fig_h = 600
load plotdir.'/common.gp'
f = datadir.'/similarity.dat'
b = datadir.'/similarity_bands.dat'
t = datadir.'/similarity_turns.dat'
mid(lo, hi) = sqrt(lo * (hi + 1))
set multiplot layout 1,2 title "s(R) = P_k . P_{k+R} / (d/2), the same for every k (ch03, claim 3.4)" font ',16'
set ylabel 's(R)'
set yrange [-1.05:1.05]
set key bottom left
set title 'offsets 0..60: monotone only up to the first turn (circles)'
set xlabel 'offset R (positions)'
set xrange [0:60]
plot f using 1:2 with linespoints ls 3 pt 7 ps 0.5 title 'd = 16', \
     f using 1:3 with linespoints ls 1 pt 7 ps 0.5 title 'd = 128', \
     f using 1:4 with linespoints ls 2 pt 7 ps 0.5 title 'd = 512', \
     t using 2:3 with points ls 4 pt 6 ps 2.5 title 'first turn'
set title 'offsets 1..100000: range (band) and mean (line) per log bin'
set logscale x
set xrange [1:100000]
set format x '10^{%T}'
set xlabel 'offset R (positions, log scale)'
set style fill transparent solid 0.22 noborder
plot b using (mid($1,$2)):3:5 with filledcurves lc rgb '#2a9d3a' notitle, \
     b using (mid($1,$2)):6:8 with filledcurves lc rgb '#1f5fa8' notitle, \
     b using (mid($1,$2)):9:11 with filledcurves lc rgb '#e07b00' notitle, \
     b using (mid($1,$2)):4 with lines ls 3 title 'd = 16', \
     b using (mid($1,$2)):7 with lines ls 1 title 'd = 128', \
     b using (mid($1,$2)):10 with lines ls 2 title 'd = 512'
unset multiplot
