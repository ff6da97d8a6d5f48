# Figure: The error of $P_k$ computed in float grows in proportion to the position $k$ ($d = 512$ by default); a scan of every position finds it first passes half the distance between neighbouring codes near $k = 10^7$, yet nearest-code decoding reads every position up to $2^{24}$ back
# Data: float_error.dat, columns k err_double err_float_arg err_float err_stored half_neighbour window d; float_threshold.dat, columns k_cross criterion measured k_misread
fig_w = 1100; fig_h = 700
load plotdir.'/common.gp'
f = datadir.'/float_error.dat'
t = datadir.'/float_threshold.dat'
cols_file = f; eval read_columns
c_k = col('k'); c_double = col('err_double'); c_arg = col('err_float_arg'); c_float = col('err_float')
c_stored = col('err_stored'); c_half = col('half_neighbour'); c_window = col('window'); c_d = col('d')
stats f using c_window:c_d nooutput
window = int(STATS_max_x)
d = int(STATS_max_y)
stats f using (column(c_double) < column(c_stored) ? column(c_double) : column(c_stored)):(column(c_float) > column(c_half) ? column(c_float) : column(c_half)) nooutput
y_lo = 10**floor(log10(STATS_min_x))
y_hi = 10**(ceil(log10(STATS_max_y)) + 6)   # room at the top for the key
cols_file = t; eval read_columns
c_cross = col('k_cross'); c_criterion = col('criterion'); c_measured = col('measured'); c_misread = col('k_misread')
stats t using c_measured:c_misread nooutput
scanned = STATS_max_x > 0        # 1: k_cross was found by scanning every position
misread = STATS_max_y            # the first position nearest-code decoding reads wrong; -1: none in the scan
set title sprintf(w_title, d) font ',16'
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
set xlabel w_xlabel
set ylabel sprintf(w_ylabel, window)
set yrange [y_lo:y_hi]
set ytics y_lo, 100, y_hi
set key top left
if (misread > 0) {
    set arrow 1 from misread - 1, graph 0 to misread - 1, graph 1 nohead ls 9
    set label 1 sprintf(w_misread, misread - 1, log(misread - 1) / log(2), misread) \
        at misread - 1, graph 0.06 right offset -0.5, 0 font ',12' tc rgb '#555555'
}
plot f using c_k:c_float with lines ls 4 title w_float, \
     f using c_k:c_arg with lines ls 2 title w_angle, \
     f using c_k:c_stored with lines ls 3 title w_stored, \
     f using c_k:c_double with lines ls 1 title w_double, \
     f using c_k:c_half with lines ls 9 lw 2 title w_half, \
     t using c_cross:c_criterion with points pt 7 ps 2 lc rgb '#b0302a' \
         title (scanned ? w_scanned : w_extrapolated)
