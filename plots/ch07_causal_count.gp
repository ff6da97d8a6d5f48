# Figure: A causal layer with no positions: the weight on the start token is $1/(t+1)$, so position $t$ is read back exactly; without the mask it is $1/T$ everywhere
# Data: causal_count.dat, columns 1 position 2 start_weight_causal 3 readback 4 error 5 start_weight_bidirectional
fig_w = 1000; fig_h = 600
load plotdir.'/common.gp'
f = datadir.'/causal_count.dat'
set title w_title font ',15'
set logscale xy
set format x '10^{%L}'
set format y '10^{%L}'
set xlabel w_xlabel
set ylabel w_ylabel
set key top right
stats f using 1 nooutput
set xrange [1:STATS_max]
set samples 24
plot f using ($1 > 0 ? $1 : 1/0):2 with lines ls 1 title w_causal, \
     f using ($1 > 0 ? $1 : 1/0):5 with lines ls 2 title w_no_mask, \
     1.0/(x+1) with points pt 6 ps 1.3 lc rgb '#444444' title w_formula
