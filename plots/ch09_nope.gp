# Figure: A model without positions on the previous-token task, bidirectional and causal, against the best any such model can do: the causal mask gives order near the start (at $t = 1$ the previous token is the only earlier one), fading as $t$ grows; the bidirectional model never has it
# Data: nope_by_position.dat, columns 1 position, 2 nope_bidirectional, 3 nope_causal, 4 blind_bidirectional, 5 blind_causal, 6 train_len; sweep.dat, column 15 seeds
load plotdir.'/common.gp'
f = datadir.'/nope_by_position.dat'
stats f using 6 nooutput
L = STATS_max
stats f using 1 nooutput
T = STATS_max + 1
stats datadir.'/sweep.dat' using 15 nooutput
n_seeds = STATS_max
set title sprintf(n_seeds == 1 ? w_title_one_seed : w_title, n_seeds, L, T) font ',14'
set xlabel w_xlabel
set ylabel w_ylabel
set logscale x
set xrange [1:T]
set yrange [0:1.05]
set ytics 0.1
set key top right
set arrow 1 from L, graph 0 to L, graph 1 nohead lc rgb '#444444' lw 2 dt 2 back   # behind the key
set label 1 sprintf(' L_{train} = %d', L) at L, graph 0.55 left font ',12' front
plot f using 1:5 with lines ls 9 lw 2.5 dt 1 lc rgb '#e07b00' title w_blind_causal, \
     f using 1:4 with lines ls 9 lw 2.5 dt 1 lc rgb '#1f5fa8' title w_blind_bidir, \
     f using 1:3 with points pt 7 ps 0.7 lc rgb '#e07b00' title w_nope_causal, \
     f using 1:2 with points pt 5 ps 0.7 lc rgb '#1f5fa8' title w_nope_bidir
