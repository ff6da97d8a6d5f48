# Figure: P_{k+R} against M_R·P_k: with the document's block every component lands on the diagonal, with the transposed block it does not (left); the error over many k, R and d stays under the rounding tolerance of the angles (right)
# Data: rotation_examples.dat columns k R dim rotated transposed target; rotation_errors.dat columns d k R size error tolerance transposed_error
fig_w = 1400; fig_h = 640
load plotdir.'/common.gp'
ex = datadir.'/rotation_examples.dat'
er = datadir.'/rotation_errors.dat'
# What the files hold: the examples' positions k, their offset R and width;
# the widths of the sweep, its sizes, errors and tolerances.
cols_file = ex; eval read_columns
ex_ks = ' '
stats ex using (k_ = column(col('k')), ex_ks = (strstrt(ex_ks, sprintf(' %.0f ', k_)) ? ex_ks : ex_ks.sprintf('%.0f ', k_)), \
                column(col('R'))):(column(col('dim'))) nooutput
ex_R = STATS_max_x
ex_d = int(STATS_max_y) + 1
ex_names = ''
do for [i = 1:words(ex_ks)] { ex_names = ex_names.(i == 1 ? '' : i == words(ex_ks) ? ' and ' : ', ').'P_{'.word(ex_ks, i).'}' }
c_rotated = col('rotated'); c_transposed = col('transposed'); c_target = col('target')
cols_file = er; eval read_columns
er_ds = ' '
stats er using (d_ = column(col('d')), er_ds = (strstrt(er_ds, sprintf(' %.0f ', d_)) ? er_ds : er_ds.sprintf('%.0f ', d_)), \
                column(col('size'))):(column(col('tolerance'))) nooutput
size_min = STATS_min_x
size_max = STATS_max_x
tol_max = STATS_max_y
stats er using (column(col('tolerance')) / column(col('size'))) nooutput
eps = 2.0**-52
tol_ulp = STATS_max / eps          # the tolerance per unit of |k|+|R|, in ulp (the same for every row when STATS_min = STATS_max)
c_d = col('d'); c_size = col('size'); c_error = col('error'); c_tol = col('tolerance')
floor_err = 1e-17                  # an error of 0 is drawn here (log scale)
set multiplot layout 1,2 title "The rotation identity P_{k+R} = M_R P_k (ch05, claim 5.1)" font ',16'
set title sprintf("Doc A's examples %s with one M_{%g} (d = %d)", ex_names, ex_R, ex_d)
set size ratio -1
set xrange [-1.1:1.1]
set yrange [-1.1:1.1]
set xlabel sprintf('component j of M_{%g} P_k (or of M_{%g}^T P_k)', ex_R, ex_R)
set ylabel sprintf('component j of P_{k+%g}', ex_R)
set key below font ',12'
plot x with lines ls 9 title 'y = x', \
     ex using (column(c_transposed)):(column(c_target)) with points ls 2 pt 6 ps 0.8 \
         title sprintf('transposed block M_{%g}^T P_k (misses)', ex_R), \
     ex using (column(c_rotated)):(column(c_target)) with points ls 1 pt 7 ps 0.7 \
         title sprintf("document's block M_{%g} P_k (on the line)", ex_R)
set title 'max_j |M_R P_k - P_{k+R}| over random k, R'
set size noratio
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
set xrange [10**floor(log10(size_min)):10**ceil(log10(size_max))]
set yrange [floor_err / 3:10**ceil(log10(tol_max) + 1)]
set xlabel '|k| + |R| (size of the angles, positions)'
set ylabel sprintf('max abs error (error 0 drawn at 10^{%d})', int(log10(floor_err)))
set key inside top left vertical maxrows 6 font ',12'
plot for [i = 1:words(er_ds)] er using (column(c_d) == word(er_ds, i) + 0 ? column(c_size) : NaN):(column(c_error) > floor_err ? column(c_error) : floor_err) \
         with points ls (i - 1) % 4 + 1 pt 7 ps 0.4 title 'd = '.word(er_ds, i), \
     er using (column(c_size)):(column(c_tol)) smooth unique with lines ls 9 lw 2.5 title sprintf('tolerance %.0f ulp of |k|+|R|', tol_ulp)
unset multiplot
