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
set title sprintf("The lab: accuracy beyond the training length (positions L_{train} to 4 L_{train}), mean of %d seed%s, %d Adam steps per run\none-layer model, every encoding x task x mask (ch09, claims 9.1-9.4)", n_seeds, n_seeds == 1 ? "" : "s", n_steps) font ',15'
set ylabel 'accuracy beyond L_{train} (fraction correct)'
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
plot f using 3:xtic(1) lc rgb '#1f5fa8' title 'none (NoPE)', \
     '' using 4 lc rgb '#e07b00' title 'learned table', \
     '' using 5 lc rgb '#2a9d3a' title 'sinusoidal', \
     '' using 6 lc rgb '#b0302a' title 'RoPE', \
     '' using 7 lc rgb '#7b3fa0' title 'ALiBi, one slope', \
     '' using 8 lc rgb '#8c564b' title 'ALiBi, left/right', \
     '' using 9 lc rgb '#d4a017' title 'T5 bias', \
     '' using ($0):2:(0.45) with xerrorbars pt -1 lc rgb '#222222' lw 2.5 title 'best without positions'
