# Figure: Accuracy at every position for all six encodings after training at length $L$: beyond $L$ the learned table falls to just above chance, below the level NoPE keeps there; the sinusoid and RoPE carry over partly; ALiBi with one slope is about half right at every position but the last, in range too; ALiBi with left/right slopes is right 99.9% of the time or more at every position; NoPE is blind everywhere
# Data: accuracy.dat, columns 1 position, then mean/min/max per encoding: 2-4 none 5-7 learned 8-10 sinusoidal 11-13 rope 14-16 alibi 17-19 alibi_lr; experiment.dat, columns 1 train_len 2 eval_len 3 vocab 4 chance 5 steps 6 seeds
fig_w = 1400; fig_h = 680
load plotdir.'/common.gp'
e = datadir.'/experiment.dat'
f = datadir.'/accuracy.dat'
stats e using 1 nooutput
L = STATS_max
stats e using 2 nooutput
T = STATS_max
stats e using 4 nooutput
chance = STATS_max
stats e using 6 nooutput
n_seeds = STATS_max
# Two more series than common.gp's four: ALiBi's two variants.
set style line 5 lc rgb '#7b3fa0' lw 2.5
set style line 6 lc rgb '#8c564b' lw 2.5 dt (8, 4)
set title sprintf(w_title, L, T, n_seeds) font ',15'
set xlabel w_xlabel
set ylabel w_ylabel
set xrange [0:T]
set yrange [0:1.05]
set xtics L/2
set ytics 0.1
set key outside right top vertical spacing 1.4
set arrow 1 from L, graph 0 to L, graph 1 nohead lc rgb '#444444' lw 2 dt 2 front
# (on a white box: the curves pass where it stands)
set style textbox opaque noborder margins 1, 1
set label 1 sprintf(w_train_len, L) at L, graph 0.20 left offset 0.5, 0 font ',12' boxed front
set style fill transparent solid 0.15 noborder
plot f using 1:3:4 with filledcurves lc rgb '#1f5fa8' notitle, \
     f using 1:6:7 with filledcurves lc rgb '#e07b00' notitle, \
     f using 1:9:10 with filledcurves lc rgb '#2a9d3a' notitle, \
     f using 1:12:13 with filledcurves lc rgb '#b0302a' notitle, \
     f using 1:15:16 with filledcurves lc rgb '#7b3fa0' notitle, \
     f using 1:18:19 with filledcurves lc rgb '#8c564b' notitle, \
     f using 1:2 with lines ls 1 title w_none, \
     f using 1:5 with lines ls 2 title w_learned, \
     f using 1:8 with lines ls 3 title w_sinusoidal, \
     f using 1:11 with lines ls 4 title w_rope, \
     f using 1:14 with lines ls 5 title w_alibi, \
     f using 1:17 with lines ls 6 title w_alibi_lr, \
     chance with lines ls 9 title sprintf(w_chance, 100*chance)
