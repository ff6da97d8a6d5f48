# Figure: ALiBi: the bias $-m\,|t-s|$ of one head (left) and the weights of the last query over keys at each distance, for every head slope (right, log scale: straight lines of slope $-m$)
# Data: alibi_bias.dat columns 1 query 2 key 3 bias 4 head 5 slope; alibi_weights.dat columns 1 distance 2.. w_head1 .. w_headH
fig_w = 1400; fig_h = 620
load plotdir.'/common.gp'
fb = datadir.'/alibi_bias.dat'
fw = datadir.'/alibi_weights.dat'
# Measure first (stats obeys the current ranges).
stats fb using 1:5 nooutput
last = STATS_max_x
shown_slope = STATS_max_y
stats fb using 4 nooutput prefix 'HEAD'
stats fw nooutput prefix 'W'
H = W_columns - 1
set multiplot title "ALiBi: a linear distance bias on the scores (ch07, claim 7.3)" font ',16'

# Left: the bias matrix of one head.
set origin 0.0, 0.0
set size 0.46, 0.93
set size ratio -1
unset grid
unset key
set xrange [-0.5:last+0.5]
set yrange [last+0.5:-0.5]
set xlabel 'key position s'
set ylabel 'query position t'
set cblabel 'bias added to the score' offset 1, 0
set tics out
set title sprintf('bias -m|t-s| of head %d, m = %g', HEAD_max, shown_slope)
plot fb using 2:1:3 with image

# Right: the last query's weights over distance, one line per head (at most 8 in the key).
set origin 0.47, 0.0
set size 0.53, 0.93
set size noratio
unset colorbox
set grid
set xrange [0:last]
set yrange [*:*] noreverse
set logscale y
set format y '10^{%L}'
set xlabel 'distance t - s from the last query (tokens)'
set ylabel 'attention weight (equal content scores)'
set key inside bottom left maxrows 4 title 'slope m_h = 2^{-8h/H}' font ',12' width 0
set title sprintf('the weights fall as exp(-m (t-s)); H = %d heads', H)
plot for [c=2:W_columns] fw using 1:c with lines lw 2.5 lc palette frac ((c-2.0)/(H > 1 ? H-1 : 1)) \
     title ((H <= 8 || (c-1) % (H/8) == 0) ? sprintf('h = %d: 2^{-%g}', c-1, 8.0*(c-1)/H) : '')
unset multiplot
