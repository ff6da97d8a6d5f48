# Figure: Doc A's three clock hands of $d = 128$, pairs 0, 32 and 63 (its second, minute and hour hands, periods 6.3, 628.3 and about 54000), at eight positions: the second hand spins from one position to the next, the minute hand moves by $k = 100$, the hour hand only by $k$ in the thousands
# Data: clock_hands.dat, columns face position hand x_sin y_cos period d like
fig_w = 1400; fig_h = 860
load plotdir.'/common.gp'
f = datadir.'/clock_hands.dat'
# The faces, hands, periods and the hands' names (Doc A's 'second', 'minute',
# 'hour') are the file's: face 0's rows name the hands (fastest first), the
# first hand's rows the positions of the faces.
cols_file = f; eval read_columns
c_face = col('face'); c_position = col('position'); c_hand = col('hand')
c_x = col('x_sin'); c_y = col('y_cos'); c_period = col('period'); c_d = col('d'); c_like = col('like')
hands = ''; periods = ''; likes = ''; positions = ''
stats f using (column(c_face) == 0 ? (hands = hands.sprintf(' %d', column(c_hand)), \
                                      periods = periods.sprintf(' %.17g', column(c_period)), \
                                      likes = likes.' '.strcol(c_like), 0) : 0):c_d nooutput
d = int(STATS_max_y)
stats f using (column(c_hand) == word(hands, 1) + 0 ? (positions = positions.sprintf(' %.0f', column(c_position)), 0) : 0) nooutput
n_hands = words(hands); n_faces = words(positions)
hand(i) = word(hands, i) + 0
period_text(T) = T < 1000 ? sprintf('%.1f', T) : sprintf('%.0f', T)
# (the hands' names: the file's words second, minute, hour name the words w_second, w_minute, w_hour)
hand_text(i) = sprintf(w_hand, hand(i), value('w_'.word(likes, i)), period_text(word(periods, i) + 0))
# A text's width in Latin characters: a CJK character counts twice.
narrow = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_abcdefghijklmnopqrstuvwxyz{|}~"
text_width(s) = sum [i = 1:strlen(s)] (strstrt(narrow, s[i:i]) > 0 ? 1 : 2)
# Drawn as on a clock: the slower the hand, the shorter and thicker; each
# points to its pair's (sin, cos), a point of the unit circle.
hand_length(i) = 0.95 - 0.4 * (i - 1) / (n_hands > 1 ? n_hands - 1 : 1)
set multiplot layout 2, (n_faces + 1) / 2 \
    title sprintf(w_title, d) font ',16' \
    margins 0.03, 0.97, 0.10, 0.88 spacing 0.02, 0.09
set size ratio -1
set xrange [-1.15:1.15]
set yrange [-1.15:1.15]
unset xtics
unset ytics
unset grid
unset border
set parametric
set trange [0:2*pi]
hand_colour(i) = word('#1f5fa8 #e07b00 #b0302a #2a9d3a', (i - 1) % 4 + 1)
do for [i = 1:n_hands] {
    set style arrow i head filled size 0.08,20 lc rgb hand_colour(i) lw 2.0 + 2.0 * (i - 1)
}
unset key
# The legend, one line under all the faces (a per-panel key would squeeze into one face),
# each entry placed after the previous one by its length (about 0.0068 of the width per
# Latin character at 14 points, a CJK one twice that, scaled with the font).
legend_x = 0.03
do for [i = 1:n_hands] {
    set label 10 + i '━━ '.hand_text(i) at screen legend_x, screen 0.045 tc rgb hand_colour(i) font ',14'
    legend_x = legend_x + (text_width(hand_text(i)) + 3) * 0.0068 * font_scale * 1400.0 / fig_w + 0.03
}
set label 20 w_note \
    at screen 0.03, screen 0.012 tc rgb '#555555' font ',12'
do for [face = 0:n_faces - 1] {
    set title sprintf('k = %s', word(positions, face + 1)) font ',15'
    # the slowest hand first, so the fast thin ones are drawn on top
    plot cos(t), sin(t) lc rgb '#999999' lw 1.5 notitle, \
         for [m = 0:11] '+' using (0.9*sin(m*pi/6)):(0.9*cos(m*pi/6)):(0.1*sin(m*pi/6)):(0.1*cos(m*pi/6)) \
             every ::0::0 with vectors nohead lc rgb '#999999' lw 1.5 notitle, \
         for [i = n_hands:1:-1] f using (0):(0):(column(c_face) == face && column(c_hand) == hand(i) ? hand_length(i) * column(c_x) : NaN) \
             :(column(c_face) == face && column(c_hand) == hand(i) ? hand_length(i) * column(c_y) : NaN) \
             with vectors arrowstyle i notitle
    unset label   # the legend is drawn once, with the first face (labels stay for every plot)
}
unset multiplot
