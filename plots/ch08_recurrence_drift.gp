# Figure: Generating the table by rotation, $P_{k+1} = M_1 P_k$: the pure recurrence drifts in proportion to $k$, re-anchoring every $B$ rows (1024 by default) keeps it below the budget $10^{-12}$ ($d = 512$ by default), with room for a libm whose cos and sin are a few ulp less accurate
# Data: recurrence_drift.dat, columns k err_pure err_direct budget; anchored_error.dat, columns k err_anchored anchor_every
fig_w = 1100; fig_h = 650
load plotdir.'/common.gp'
f = datadir.'/recurrence_drift.dat'
a = datadir.'/anchored_error.dat'
cols_file = f; eval read_columns
c_k = col('k'); c_pure = col('err_pure'); c_direct = col('err_direct'); c_budget = col('budget')
stats f using c_budget:(column(c_pure) > column(c_direct) ? column(c_pure) : column(c_direct)) nooutput
budget = STATS_max_x
err_max = STATS_max_y
stats f using (column(c_direct) > 0 ? column(c_direct) : NaN) nooutput
y_lo = 10**(floor(log10(STATS_min)) - 1)     # a decade below the smallest non-zero error
y_hi = 10**(ceil(log10(err_max > budget ? err_max : budget)) + 2)   # room at the top for the key
cols_file = a; eval read_columns
c_ak = col('k'); c_anchored = col('err_anchored'); c_every = col('anchor_every')
stats a using c_every nooutput
B = STATS_max
set title w_title font ',16'
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
set xlabel w_xlabel
set ylabel w_ylabel
set yrange [y_lo:y_hi]
set key top left
# The re-anchored curve equals the pure one up to row B: draw it wide, underneath.
plot a using c_ak:c_anchored with lines ls 3 lw 7 title sprintf(w_anchored, B), \
     f using c_k:c_pure with lines ls 4 title w_pure, \
     f using c_k:c_direct with lines ls 1 lw 1.5 title w_direct, \
     f using c_k:c_budget with lines ls 9 lw 2 title sprintf(w_budget, budget)
