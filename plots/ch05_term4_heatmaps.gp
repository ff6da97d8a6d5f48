# Figure: Term 4 of the attention score over query position n and key position m: with W_Q = W_K = I it is constant along every diagonal (a function of m - n only); with random W_Q, W_K the stripes are mostly gone
# Data: term4_identity.dat, term4_random.dat columns 1 query_n 2 key_m 3 term4 4 term4_scaled
fig_w = 1500; fig_h = 700
load plotdir.'/common.gp'
set multiplot title "Term 4 = (W_Q P_n)·(W_K P_m), d = 128, positions 0..127 (ch05, claim 5.4)" font ',16'
set size ratio -1
unset grid
unset key
set cbrange [-1:1]
set xlabel 'key position m'
set ylabel 'query position n'
set autoscale xfix
set autoscale yfix
set yrange [*:*] reverse
set tics out
set tmargin at screen 0.86
set bmargin at screen 0.12
set lmargin at screen 0.06
set rmargin at screen 0.40
set title 'W_Q = W_K = I:  P_n·P_m / (d/2) = mean_i cos((m-n)/Z_i)'
set cblabel 'term 4 / (d/2)'
plot datadir.'/term4_identity.dat' using 2:1:4 with image notitle
set lmargin at screen 0.56
set rmargin at screen 0.90
set title 'random W_Q, W_K (N(0,1/d)):  term 4 / max|term 4|'
set cblabel 'term 4 / max |term 4|'
plot datadir.'/term4_random.dat' using 2:1:4 with image notitle
unset multiplot
