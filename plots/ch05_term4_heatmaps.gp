# Figure: Term 4 of the attention score over query position $n$ and key position $m$: with $W_Q = W_K = I$ it is constant along every diagonal (a function of $m - n$ only); with random $W_Q$, $W_K$ the stripes are mostly gone
# Data: term4_identity.dat, term4_random.dat columns query_n key_m term4 term4_scaled d
fig_w = 1500; fig_h = 700
load plotdir.'/common.gp'
fi = datadir.'/term4_identity.dat'
fr = datadir.'/term4_random.dat'
cols_file = fi; eval read_columns
stats fi using (column(col('query_n'))):(column(col('d'))) nooutput
last = int(STATS_max_x)
d = int(STATS_max_y)
set multiplot title sprintf("Term 4 = (W_Q P_n)·(W_K P_m), d = %d, positions 0..%d (ch05, claim 5.4)", d, last) font ',16'
set size ratio -1
unset grid
unset key
set cbrange [-1:1]
set xlabel 'key position m'
set ylabel 'query position n'
set xrange [-0.5:last + 0.5]
set yrange [last + 0.5:-0.5]     # query 0 at the top (common.gp's heatmap rule)
set tics out
set tmargin at screen 0.86
set bmargin at screen 0.12
set lmargin at screen 0.06
set rmargin at screen 0.40
set title 'W_Q = W_K = I:  P_n·P_m / (d/2) = mean_i cos((m-n)/Z_i)'
set cblabel 'term 4 / (d/2)'
plot fi using (column(col('key_m'))):(column(col('query_n'))):(column(col('term4_scaled'))) with image notitle
set lmargin at screen 0.56
set rmargin at screen 0.90
set title 'random W_Q, W_K (N(0,1/d)):  term 4 / max|term 4|'
set cblabel 'term 4 / max |term 4|'
plot fr using (column(col('key_m'))):(column(col('query_n'))):(column(col('term4_scaled'))) with image notitle
unset multiplot
