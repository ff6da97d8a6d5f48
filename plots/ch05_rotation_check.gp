# Figure: $P_{k+R}$ against $M_R P_k$: with the document's block every component lands on the diagonal, with the transposed block it does not (left); the rotation itself (middle, right): a pair of $P_k$ is a clock hand on its circle, and $M_R$ turns it clockwise by $R/Z_i$, from $P_k$ onto $P_{k+R}$, at each of Doc A's $k$ (the error over many $k$, $R$ and $d$ is in the evidence: `rotation_errors.dat`)
# Data: rotation_examples.dat columns k R dim rotated transposed target; rotation_circle.dat columns pair Z k R from_x from_y rotated_x rotated_y target_x target_y; rotation_arcs.dat columns pair k angle x y
fig_w = 1750; fig_h = 680
load plotdir.'/common.gp'
ex = datadir.'/rotation_examples.dat'
# What the files hold: the examples' positions k, their offset R and width;
# the pairs drawn on their circles, with Z_i and R.
cols_file = ex; eval read_columns
ex_ks = ' '
e_k = col('k'); e_R = col('R'); e_dim = col('dim')
stats ex using (k_ = column(e_k), ex_ks = (strstrt(ex_ks, sprintf(' %.0f ', k_)) ? ex_ks : ex_ks.sprintf('%.0f ', k_)), \
                column(e_R)):e_dim nooutput
ex_R = STATS_max_x
ex_d = int(STATS_max_y) + 1
ex_names = ''
do for [i = 1:words(ex_ks)] { ex_names = ex_names.(i == 1 ? '' : i == words(ex_ks) ? w_and : w_comma).'P_{'.word(ex_ks, i).'}' }
c_rotated = col('rotated'); c_transposed = col('transposed'); c_target = col('target')
# The rotation's pairs (rotation_circle.dat): their indices and Z_i, the k of each turn.
ci = datadir.'/rotation_circle.dat'
ar = datadir.'/rotation_arcs.dat'
cols_file = ci; eval read_columns
pairs = ' '
c_pair = col('pair'); c_Z = col('Z'); c_k = col('k'); c_R = col('R')
stats ci using (p_ = column(c_pair), pairs = (strstrt(pairs, sprintf(' %.0f ', p_)) ? pairs : pairs.sprintf('%.0f ', p_)), 0) nooutput
c_fx = col('from_x'); c_fy = col('from_y'); c_rx = col('rotated_x'); c_ry = col('rotated_y')
c_tx = col('target_x'); c_ty = col('target_y')
cols_file = ar; eval read_columns
a_pair = col('pair'); a_k = col('k'); a_x = col('x'); a_y = col('y')
n_ks = words(ex_ks)
n_pairs = words(pairs)
array pair_Z[n_pairs]
array pair_R[n_pairs]
do for [p = 1:n_pairs] {
    stats ci using (column(c_pair) == word(pairs, p) + 0 ? column(c_Z) : NaN):c_R nooutput
    pair_Z[p] = STATS_max_x; pair_R[p] = STATS_max_y
}

set multiplot title w_title font ',16'
# Left: every component of Doc A's examples.
set lmargin at screen 0.05
set rmargin at screen 0.35
set tmargin at screen 0.81   # (room above for two-line titles in CJK faces, whose lines are taller)
set bmargin at screen 0.28
set title sprintf(w_examples, ex_names, ex_R, ex_d) font ',13'
set size ratio -1
set xrange [-1.1:1.1]
set yrange [-1.1:1.1]
set xtics 0.5
set ytics 0.5
set xlabel sprintf(w_xlabel, ex_R, ex_R)
set ylabel sprintf(w_ylabel, ex_R)
set key at screen 0.20, screen 0.085 center center vertical font ',12'
plot x with lines ls 9 title 'y = x', \
     ex using c_transposed:c_target with points ls 2 pt 6 ps 0.8 \
         title sprintf(w_transposed, ex_R), \
     ex using c_rotated:c_target with points ls 1 pt 7 ps 0.7 \
         title sprintf(w_document, ex_R)

# Middle and right: one pair each, its hand (sin, cos) on the unit circle. At
# each of Doc A's k: P_k (filled), the turn by R/Z_i (an arc, drawn on a ring
# of its own inside the circle so that turns of different k do not hide each
# other), M_R P_k (cross) landing on P_{k+R} (open circle).
ring(e) = 1.0 - 0.06 * e
set xlabel 'P_k[2i] = sin(k/Z_i)'
set ylabel 'P_k[2i+1] = cos(k/Z_i)'
set xrange [-1.25:1.25]
set yrange [-1.25:1.25]
set key at screen 0.67, screen 0.09 center center vertical maxrows 3 font ',12' width 1
do for [p = 1:n_pairs] {
    pi_ = word(pairs, p) + 0
    Z = pair_Z[p]; R = pair_R[p]
    set lmargin at screen 0.40 + (p - 1) * 0.31
    set rmargin at screen 0.66 + (p - 1) * 0.31
    set title sprintf(w_pair_title, pi_, Z, R, R, R / Z) font ',13'
    if (p > 1) { unset key }
    plot sample [t = 0:2 * pi] '+' using (sin(t)):(cos(t)) with lines ls 9 notitle, \
         for [e = 1:n_ks] ar using (column(a_pair) == pi_ && column(a_k) == word(ex_ks, e) + 0 ? ring(e) * column(a_x) : NaN):(ring(e) * column(a_y)) \
             with lines ls e lw 2 notitle, \
         for [e = 1:n_ks] ci using (column(c_pair) == pi_ && column(c_k) == word(ex_ks, e) + 0 ? column(c_fx) : NaN):c_fy \
             with points ls e pt 7 ps 1.6 title sprintf('P_{%s}', word(ex_ks, e)), \
         for [e = 1:n_ks] ci using (column(c_pair) == pi_ && column(c_k) == word(ex_ks, e) + 0 ? column(c_tx) : NaN):c_ty \
             with points ls e pt 6 ps 2.6 title sprintf('P_{%g}', word(ex_ks, e) + R), \
         ci using (column(c_pair) == pi_ ? column(c_rx) : NaN):c_ry with points lc rgb '#222222' pt 2 ps 1.6 lw 2 \
             title sprintf('M_{%g} P_k', R)
}
unset multiplot
