# Figure: Score $q_m \cdot k_n$ over query position $m$ and key position $n$: sinusoidal vectors added to the input (left) vs RoPE (right, constant along every diagonal $m - n$)
# Data: scores_sinusoidal.dat, scores_rope.dat, columns query_m key_n score
fig_w = 1400; fig_h = 640
load plotdir.'/common.gp'
# Ranges first (stats obeys the current xrange, so measure before setting it).
fs = datadir.'/scores_sinusoidal.dat'
fr = datadir.'/scores_rope.dat'
cols_file = fs; eval read_columns
# Plain column numbers in `using` (common.gp): 0.21 s of CPU an SVG before, 0.06 s so (2026-12-05).
c_m = col('query_m'); c_n = col('key_n'); c_score = col('score')
stats fs using c_score nooutput prefix 'S'
stats fr using c_score nooutput prefix 'R'
stats fr using c_m:c_n nooutput prefix 'M'
top_s = (abs(S_min) > abs(S_max) ? abs(S_min) : abs(S_max))
top_r = (abs(R_min) > abs(R_max) ? abs(R_min) : abs(R_max))
set multiplot layout 1,2 title w_title font ',16'
set size ratio -1
unset grid
unset key
set xlabel w_xlabel
set ylabel w_ylabel
set cblabel w_cblabel offset 1.5,0
set tics out
set xrange [-0.5:M_max_y+0.5]
set yrange [M_max_x+0.5:-0.5]    # query 0 at the top (common.gp's heatmap rule)
set rmargin 12
set cbrange [-top_s:top_s]
set title w_sinusoidal
plot fs using c_n:c_m:c_score with image
set cbrange [-top_r:top_r]
set title w_rope
plot fr using c_n:c_m:c_score with image
unset multiplot
