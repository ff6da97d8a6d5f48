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
set multiplot title w_title font ',16'

# Left: the bias matrix of one head.
set origin 0.0, 0.0
set size 0.46, 0.93
set size ratio -1
unset grid
unset key
set xrange [-0.5:last+0.5]
set yrange [last+0.5:-0.5]
set xlabel w_key_position
set ylabel w_query_position
set cblabel w_cblabel offset 1, 0
set tics out
set title sprintf(w_bias_title, HEAD_max, shown_slope)
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
set xlabel w_distance
set ylabel w_weight
set key inside bottom left maxrows 4 title w_key_title font ',12' width 0
set title sprintf(w_weights_title, H)
plot for [c=2:W_columns] fw using 1:c with lines lw 2.5 lc palette frac ((c-2.0)/(H > 1 ? H-1 : 1)) \
     title ((H <= 8 || (c-1) % (H/8) == 0) ? sprintf('h = %d: 2^{-%g}', c-1, 8.0*(c-1)/H) : '')
unset multiplot
