# Figure: RoPE and distance (claim 7.7): Su et al.'s bound on $|q \cdot M_R k|$ and the score of aligned $q = k$ fall with the distance $R$ overall but not steadily; random $q$, $k$ score as strongly far away as near
# Data: rope_decay.dat columns distance su_bound_relative identical_cos random_rms_cos
fig_w = 1300; fig_h = 620
load plotdir.'/common.gp'
f = datadir.'/rope_decay.dat'
cols_file = f; eval read_columns
c_R = col('distance'); c_bound = col('su_bound_relative'); c_same = col('identical_cos'); c_random = col('random_rms_cos')
stats f using c_bound every ::0::0 nooutput prefix 'B'
bound0 = B_max
stats f using c_R nooutput prefix 'D'
set title w_title font ',15'
set xlabel w_xlabel
set ylabel w_ylabel
set xrange [D_min:D_max]
set yrange [-0.4:1.05]
set ytics 0.2
set key top right vertical font ',12' spacing 1.3
plot f using c_R:(column(c_bound)/bound0) with lines ls 1 lw 2 title w_bound, \
     f using c_R:c_same with lines ls 2 title w_aligned, \
     f using c_R:c_random with lines ls 3 title w_random, \
     0 with lines ls 9 notitle
