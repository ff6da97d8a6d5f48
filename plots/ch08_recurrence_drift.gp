# Figure: Generating the table by rotation, P_{k+1} = M_1 P_k: the pure recurrence drifts in proportion to k, re-anchoring every 1024 rows keeps it below 1e-12 (d = 512), with room for a libm whose cos and sin are a few ulp less accurate
# Data: recurrence_drift.dat, columns 1 k 2 err_pure 3 err_direct 4 budget; anchored_error.dat, columns 1 k 2 err_anchored 3 anchor_every
fig_w = 1100; fig_h = 650
load plotdir.'/common.gp'
f = datadir.'/recurrence_drift.dat'
a = datadir.'/anchored_error.dat'
set title "Error of the generated table vs row (ch08, claims 8.3 and 8.4)" font ',16'
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
set xlabel 'row (position) k'
set ylabel 'max_j |P_k[j](generated) - P_k[j](exact)|'
set yrange [1e-17:1e-10]
set key top left
# The re-anchored curve equals the pure one up to row B: draw it wide, underneath.
plot a using 1:2 with lines ls 3 lw 7 title 're-anchored recurrence, exact row every B = 1024', \
     f using 1:2 with lines ls 4 title 'pure recurrence from P_0 (no re-anchoring)', \
     f using 1:3 with lines ls 1 lw 1.5 title 'direct formula in double (sin, cos)', \
     f using 1:4 with lines ls 9 lw 2 title 'budget 10^{-12}'
