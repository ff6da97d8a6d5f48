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
set multiplot title sprintf(w_title, d, last) font ',16'
set size ratio -1
unset grid
unset key
set cbrange [-1:1]
set xlabel w_xlabel
set ylabel w_ylabel
set xrange [-0.5:last + 0.5]
set yrange [last + 0.5:-0.5]     # query 0 at the top (common.gp's heatmap rule)
set tics out
set tmargin at screen 0.86
set bmargin at screen 0.12
set lmargin at screen 0.06
set rmargin at screen 0.40
set title w_identity
set cblabel w_identity_cb
plot fi using (column(col('key_m'))):(column(col('query_n'))):(column(col('term4_scaled'))) with image notitle
set lmargin at screen 0.56
set rmargin at screen 0.90
set title w_random
set cblabel w_random_cb
plot fr using (column(col('key_m'))):(column(col('query_n'))):(column(col('term4_scaled'))) with image notitle
unset multiplot
