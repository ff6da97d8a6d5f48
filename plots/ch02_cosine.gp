# Figure: Cosine similarity between different words at the same position: integer offsets make every word parallel (cosine $\to 1$), the sinusoidal code lifts it to a constant near 1/3 at every position (claim 2.5)
# Data: by_position.dat, columns 1 position 2 cos_integer 3 cos_sinusoidal; recovery_fails.dat column 1 position
fig_w = 1000; fig_h = 560
load plotdir.'/common.gp'
f = datadir.'/by_position.dat'
set title "Different words at the same position (ch02, claims 2.2 and 2.5)" font ',16'
set logscale x
set xrange [1:*]
set yrange [-0.05:1.05]
set format x '10^{%T}'
set xlabel 'position k (log scale)'
set ylabel 'mean cosine similarity of two different words'
set key bottom right
plot f using ($1 < 1 ? NaN : $1):2 with linespoints ls 2 pt 5 ps 0.5 title 'integer offset w + [k, ..., k]', \
     f using ($1 < 1 ? NaN : $1):3 with linespoints ls 1 pt 7 ps 0.5 title 'sinusoidal w + P_k'
