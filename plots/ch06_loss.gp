# Figure: Training loss by step for the six encodings (mean over seeds): learned, sinusoidal and left/right ALiBi let the loss fall towards zero, RoPE levels off above them, NoPE stalls at the bag-of-tokens level and one-slope ALiBi where it cannot tell the two neighbours apart
# Data: loss.dat, columns 1 step 2 none_mean 3 learned_mean 4 sinusoidal_mean 5 rope_mean 6 alibi_mean 7 alibi_lr_mean; experiment.dat, columns 1 train_len 3 vocab 6 seeds
fig_w = 1350; fig_h = 580
load plotdir.'/common.gp'
# ALiBi's two variants in the colours of ch06_accuracy.gp.
set style line 5 lc rgb '#7b3fa0' lw 2.5
set style line 6 lc rgb '#8c564b' lw 2.5 dt (8, 4)
f = datadir.'/loss.dat'
stats datadir.'/experiment.dat' using 3 nooutput
V = STATS_max
stats datadir.'/experiment.dat' using 6 nooutput
n_seeds = STATS_max
stats datadir.'/experiment.dat' using 1 nooutput
L = STATS_max
set title sprintf(w_title, L, n_seeds) font ',15'
set xlabel w_xlabel
set ylabel w_ylabel
set logscale y
set format y '10^{%L}'
set key outside right top
set arrow 1 from graph 0, first log(V) to graph 1, first log(V) nohead lc rgb '#777777' lw 1.5 dt 3
set label 1 sprintf(w_uniform, log(V)) at graph 0.30, first log(V)*0.7 left font ',12' tc rgb '#555555'
plot f using 1:2 with lines ls 1 title w_none, \
     f using 1:3 with lines ls 2 title w_learned, \
     f using 1:4 with lines ls 3 title w_sinusoidal, \
     f using 1:5 with lines ls 4 title w_rope, \
     f using 1:6 with lines ls 5 title w_alibi, \
     f using 1:7 with lines ls 6 title w_alibi_lr
