# Figure: Cosine similarity between different words at the same position: integer offsets make every word parallel (cosine $\to 1$), the sinusoidal code lifts it to a constant near 1/3 at every position (claim 2.5)
# Data: by_position.dat, columns 1 position 2 cos_integer 3 cos_sinusoidal; recovery_fails.dat column 1 position
fig_w = 1000; fig_h = 560
load plotdir.'/common.gp'
f = datadir.'/by_position.dat'
set title w_title font ',16'
set logscale x
set xrange [1:*]
set yrange [-0.05:1.05]
set format x '10^{%T}'
set xlabel w_xlabel
set ylabel w_ylabel
set key bottom right
plot f using ($1 < 1 ? NaN : $1):2 with linespoints ls 2 pt 5 ps 0.5 title w_integer, \
     f using ($1 < 1 ? NaN : $1):3 with linespoints ls 1 pt 7 ps 0.5 title w_sinusoidal
