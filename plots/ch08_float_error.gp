# Figure: The error of $P_k$ computed in float grows in proportion to the position $k$ ($d = 512$ by default); a scan of every position finds it first passes half the distance between neighbouring codes near $k = 10^7$, yet nearest-code decoding reads every position up to $2^{24}$ back
# Data: float_error.dat, columns k err_double err_float_arg err_float err_stored half_neighbour window d; float_threshold.dat, columns k_cross criterion measured k_misread
fig_w = 1100; fig_h = 700
load plotdir.'/common.gp'
f = datadir.'/float_error.dat'
t = datadir.'/float_threshold.dat'
cols_file = f; eval read_columns
c_k = col('k'); c_double = col('err_double'); c_arg = col('err_float_arg'); c_float = col('err_float')
c_stored = col('err_stored'); c_half = col('half_neighbour')
stats f using (column(col('window'))):(column(col('d'))) nooutput
window = int(STATS_max_x)
d = int(STATS_max_y)
stats f using (column(c_double) < column(c_stored) ? column(c_double) : column(c_stored)):(column(c_float) > column(c_half) ? column(c_float) : column(c_half)) nooutput
y_lo = 10**floor(log10(STATS_min_x))
y_hi = 10**(ceil(log10(STATS_max_y)) + 6)   # room at the top for the key
cols_file = t; eval read_columns
c_cross = col('k_cross'); c_criterion = col('criterion'); c_measured = col('measured')
stats t using (column(c_measured)):(column(col('k_misread'))) nooutput
scanned = STATS_max_x > 0        # 1: k_cross was found by scanning every position
misread = STATS_max_y            # the first position nearest-code decoding reads wrong; -1: none in the scan
set title sprintf("Precision of the sinusoidal table vs position, d = %d (ch08, claims 8.1 and 8.2)", d) font ',16'
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
set xlabel 'position k'
set ylabel sprintf("error |P_k(computed) - P_k(exact)|\n(Euclidean norm, worst of %d positions)", window)
set yrange [y_lo:y_hi]
set ytics y_lo, 100, y_hi
set key top left
if (misread > 0) {
    set arrow 1 from misread - 1, graph 0 to misread - 1, graph 1 nohead ls 9
    set label 1 sprintf('k = %.0f = 2^{%.0f}: the first misread is %.0f', misread - 1, log(misread - 1) / log(2), misread) \
        at misread - 1, graph 0.06 right offset -0.5, 0 font ',12' tc rgb '#555555'
}
plot f using (column(c_k)):(column(c_float)) with lines ls 4 title 'float: powf, division, sinf, cosf', \
     f using (column(c_k)):(column(c_arg)) with lines ls 2 title 'angle k/Z_i rounded to float, sin/cos in double', \
     f using (column(c_k)):(column(c_stored)) with lines ls 3 title 'exact values stored in float (the floor)', \
     f using (column(c_k)):(column(c_double)) with lines ls 1 title 'double: the direct formula', \
     f using (column(c_k)):(column(c_half)) with lines ls 9 lw 2 title 'half the distance between neighbouring codes', \
     t using (column(c_cross)):(column(c_criterion)) with points pt 7 ps 2 lc rgb '#b0302a' \
         title (scanned ? 'first position past it (every k scanned)' : "where claim 8.1's fit reaches it (extrapolated, not scanned)")
