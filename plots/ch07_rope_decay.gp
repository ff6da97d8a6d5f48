# Figure: RoPE and distance (claim 7.10): Su et al.'s bound on |q·M_R k| and the score of aligned q = k fall with the distance R overall but not steadily; random q, k score as strongly far away as near
# Data: rope_decay.dat columns 1 distance 2 su_bound_relative 3 identical_cos 4 random_rms_cos
fig_w = 1300; fig_h = 620
load plotdir.'/common.gp'
f = datadir.'/rope_decay.dat'
stats f using 2 every ::0::0 nooutput prefix 'B'
bound0 = B_max
set title "Does RoPE attend less to far-apart tokens? Score of a query at distance R from its key (ch07, claim 7.10)" font ',15'
set xlabel 'distance R = m - n (positions)'
set ylabel 'cosine of q and M_R k, or bound / bound at R = 0'
set xrange [0:1000]
set yrange [-0.4:1.05]
set ytics 0.2
set key top right vertical font ',12' spacing 1.3
plot f using 1:($2/bound0) with lines ls 1 lw 2 title "Su et al.'s bound on |q·M_R k|, relative to R = 0", \
     f using 1:3 with lines ls 2 title 'aligned q = k, equal pair norms: mean_i cos(R/Z_i)', \
     f using 1:4 with lines ls 3 title 'random q, k: rms cosine over the setups', \
     0 with lines ls 9 notitle
