# Figure: RoPE and ALiBi in the length-generalisation experiment: accuracy at every position after training at length $L$. RoPE carries over partly (it drops where a key sits at an alias offset near ±100); one symmetric ALiBi slope follows the mirror bound position by position, $(1+1/V)/2$ where both neighbours exist and 100% at the last position; left/right slopes solve the task at every position up to the test length
# Data: accuracy.dat columns 1 position 11-13 rope mean/min/max 14-16 alibi mean/min/max 17-19 alibi_lr mean/min/max; experiment.dat columns 1 train_len 2 eval_len 4 chance 6 seeds 8 mirror_bound_interior 9-10 RoPE alias zones; mirror_bound.dat columns 1 position 2 bound 3 bound_plus_slack; alibi_slopes.dat columns 2 m 3 m_left 4 m_right
fig_w = 1400; fig_h = 660
load plotdir.'/common.gp'
# The colours of these three encodings in ch06_accuracy.gp.
set style line 5 lc rgb '#7b3fa0' lw 2.5
set style line 6 lc rgb '#8c564b' lw 2.5 dt (8, 4)
e = datadir.'/experiment.dat'
f = datadir.'/accuracy.dat'
s = datadir.'/alibi_slopes.dat'
b = datadir.'/mirror_bound.dat'
stats e using 1 nooutput
L = STATS_max
stats e using 2 nooutput
T = STATS_max
stats e using 4 nooutput
chance = STATS_max
stats e using 6 nooutput
n_seeds = STATS_max
stats e using 8 nooutput
ceiling = STATS_max
stats e using 9 nooutput
alias_low = STATS_max
stats e using 10 nooutput
alias_high = STATS_max
stats s using 2 nooutput
m_sym = STATS_mean
stats s using 3 nooutput
m_left = STATS_mean
stats s using 4 nooutput
m_right = STATS_mean
set title sprintf(w_title, L, T, n_seeds) font ',15'
set lmargin 10
# the plot ends at a fixed fraction of the width: the key and the slopes stand
# to its right (at screen 0.70) at every --figure-size and --font-scale
set rmargin at screen 0.66
set xlabel w_xlabel
set ylabel w_ylabel
set xrange [0:T]
set yrange [0:1.05]
set xtics L/2
set ytics 0.1
set key at screen 0.985, screen 0.88 right top vertical spacing 1.4
set arrow 1 from L, graph 0 to L, graph 1 nohead lc rgb '#444444' lw 2 dt 2 front
set label 1 ' '.sprintf(w_train_len, L) at L, graph 0.16 left font ',12' front
# RoPE's alias zones (claim 6.8): the query has a key at an offset near ±100
if (alias_low >= 0) set object 1 rect from 0, graph 0 to alias_low + 0.5, graph 1 fc rgb '#b0302a' fs transparent solid 0.06 noborder behind
if (alias_high < T) set object 2 rect from alias_high - 0.5, graph 0 to T, graph 1 fc rgb '#b0302a' fs transparent solid 0.06 noborder behind
set label 3 w_shaded at graph 0.5, graph 0.30 center font ',11' front
set label 2 sprintf(w_slopes."\n  ".w_one_slope."\n      m = %.3g\n  ".w_lr_slopes."\n      m_{left} = %.3g\n      m_{right} = %.3g", m_sym, m_left, m_right) \
    at screen 0.70, screen 0.40 left font ',12'
set style fill transparent solid 0.22 noborder
plot f using 1:12:13 with filledcurves lc rgb '#b0302a' notitle, \
     f using 1:15:16 with filledcurves lc rgb '#7b3fa0' notitle, \
     f using 1:18:19 with filledcurves lc rgb '#8c564b' notitle, \
     f using 1:11 with lines ls 4 title w_rope, \
     f using 1:14 with lines ls 5 title w_alibi, \
     f using 1:17 with lines ls 6 title w_alibi_lr, \
     b using 1:2 with steps lc rgb '#b05a00' lw 2.5 dt 3 title sprintf(w_mirror, 100*ceiling, T-1), \
     chance with lines ls 9 title sprintf(w_chance, 100*chance)
