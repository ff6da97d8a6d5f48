# Figure: Term 4 of the attention score over query position $n$ and key position $m$: with $W_Q = W_K = I$ it is constant along every diagonal (a function of $m - n$ only); with random $W_Q$, $W_K$ the stripes are mostly gone
# Data: term4_identity.dat, term4_random.dat columns query_n key_m term4 term4_scaled d
fig_w = 1500; fig_h = 700
load plotdir.'/common.gp'
fi = datadir.'/term4_identity.dat'
fr = datadir.'/term4_random.dat'
cols_file = fi; eval read_columns
# Columns given to `using` as plain numbers, not (column(n)) expressions
# evaluated at each of the 16,384 points a file (common.gp): 0.7 s of CPU
# an SVG and 0.8 s a PNG before, 0.1 s and 0.2 s so (2026-12-05).
c_n = col('query_n'); c_m = col('key_m'); c_term4 = col('term4_scaled'); c_d = col('d')
stats fi using c_n:c_d nooutput
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
plot fi using c_m:c_n:c_term4 with image notitle
set lmargin at screen 0.56
set rmargin at screen 0.90
set title w_random
set cblabel w_random_cb
plot fr using c_m:c_n:c_term4 with image notitle
unset multiplot
