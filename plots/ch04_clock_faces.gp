# Figure: Four of the 64 clock hands of d = 128 at eight positions: hand 0 (period 6.3) spins, hand 63 (period 54410) barely moves until k is in the thousands
# Data: clock_hands.dat, columns face position hand x_sin y_cos period d
fig_w = 1400; fig_h = 860
load plotdir.'/common.gp'
f = datadir.'/clock_hands.dat'
# The faces, hands and periods are the file's: face 0's rows name the hands
# (fastest first), hand 0's rows the positions of the faces.
cols_file = f; eval read_columns
c_face = col('face'); c_position = col('position'); c_hand = col('hand')
c_x = col('x_sin'); c_y = col('y_cos'); c_period = col('period'); c_d = col('d')
hands = ''; periods = ''; positions = ''
stats f using (column(c_face) == 0 ? (hands = hands.sprintf(' %d', column(c_hand)), \
                                      periods = periods.sprintf(' %.17g', column(c_period)), 0) : 0):(column(c_d)) nooutput
d = int(STATS_max_y)
stats f using (column(c_hand) == word(hands, 1) + 0 ? (positions = positions.sprintf(' %.0f', column(c_position)), 0) : 0) nooutput
n_hands = words(hands); n_faces = words(positions)
hand(i) = word(hands, i) + 0
period_text(T) = T < 100 ? sprintf('%.1f', T) : sprintf('%.0f', T)
hand_text(i) = sprintf('hand %d (T = %s%s)', hand(i), period_text(word(periods, i) + 0), \
                       i == 1 ? ', the seconds hand' : i == n_hands ? ', the hour hand' : '')
set multiplot layout 2, (n_faces + 1) / 2 title sprintf("Clock hands (sin, cos) of P_k, d = %d: x = sin(k/Z_i), y = cos(k/Z_i) (ch04, claim 4.1)", d) font ',16' \
    margins 0.03, 0.97, 0.09, 0.87 spacing 0.02, 0.09
set size ratio -1
set xrange [-1.15:1.15]
set yrange [-1.15:1.15]
unset xtics
unset ytics
unset grid
unset border
set parametric
set trange [0:2*pi]
hand_colour(i) = word('#1f5fa8 #e07b00 #2a9d3a #b0302a', (i - 1) % 4 + 1)
do for [i = 1:n_hands] {
    set style arrow i head filled size 0.08,20 lc rgb hand_colour(i) lw 2.0 + 1.5 * (i - 1)
}
unset key
# The legend, one line under all the faces (a per-panel key would squeeze into one face).
legend_x = 0.04
do for [i = 1:n_hands] {
    set label 10 + i '━━ '.hand_text(i) at screen legend_x, screen 0.035 tc rgb hand_colour(i) font ',14'
    legend_x = legend_x + strlen(hand_text(i)) * 0.0070 + 0.05   # about 0.007 of the width per character at 14 points
}
do for [face = 0:n_faces - 1] {
    set title sprintf('k = %s', word(positions, face + 1)) font ',15'
    # the slowest hand first, so the fast thin ones are drawn on top
    plot cos(t), sin(t) lc rgb '#999999' lw 1.5 notitle, \
         for [m = 0:11] '+' using (0.9*sin(m*pi/6)):(0.9*cos(m*pi/6)):(0.1*sin(m*pi/6)):(0.1*cos(m*pi/6)) \
             every ::0::0 with vectors nohead lc rgb '#999999' lw 1.5 notitle, \
         for [i = n_hands:1:-1] f using (0):(0):(column(c_face) == face && column(c_hand) == hand(i) ? column(c_x) : NaN) \
             :(column(c_face) == face && column(c_hand) == hand(i) ? column(c_y) : NaN) \
             with vectors arrowstyle i notitle
}
unset multiplot
