# Figure: Accuracy beyond the training length for every encoding on every task and mask of the lab: which encoding carries over depends on the task and the mask; the black bars mark the best any model without positions can do there
# Data: sweep_beyond.dat, columns 1 combination (task, mask), 2 blind_beyond, 3-9 the encodings none learned sinusoidal rope alibi alibi_lr t5; sweep.dat, columns 14 steps 15 seeds
fig_w = 1500; fig_h = 680
load plotdir.'/common.gp'
f = datadir.'/sweep_beyond.dat'
s = datadir.'/sweep.dat'
stats s using 14 nooutput
n_steps = STATS_max
stats s using 15 nooutput
n_seeds = STATS_max
stats f using 2 nooutput
n_rows = STATS_records
set title sprintf(n_seeds == 1 ? w_title_one_seed : w_title, n_seeds, n_steps) font ',15'
set ylabel w_ylabel
set yrange [0:1.08]
set ytics 0.1
set xrange [-0.6:n_rows-0.4]
set style data histograms
set style histogram clustered gap 1.5
set style fill solid 0.85 border lc rgb '#ffffff'
set boxwidth 0.9
set xtics nomirror rotate by 0 font ',12'
set grid ytics
set key outside right top vertical spacing 1.3
# Each bar group's name is the file's "task, mask" (t-1, t-3, next, first; bidir., causal), in the reader's words.
task_name(s) = s eq 'next' ? w_task_next : s eq 'first' ? w_task_first : s
mask_name(s) = s eq 'bidir.' ? w_bidir : s eq 'causal' ? w_causal : s
combination(s) = (cut_ = strstrt(s, ', '), cut_ ? task_name(s[1:cut_ - 1]).w_comma.mask_name(s[cut_ + 2:*]) : s)
plot f using 3:xtic(combination(strcol(1))) lc rgb '#1f5fa8' title w_none, \
     '' using 4 lc rgb '#e07b00' title w_learned, \
     '' using 5 lc rgb '#2a9d3a' title w_sinusoidal, \
     '' using 6 lc rgb '#b0302a' title w_rope, \
     '' using 7 lc rgb '#7b3fa0' title w_alibi, \
     '' using 8 lc rgb '#8c564b' title w_alibi_lr, \
     '' using 9 lc rgb '#d4a017' title w_t5, \
     '' using ($0):2:(0.45) with xerrorbars pt -1 lc rgb '#222222' lw 2.5 title w_blind
