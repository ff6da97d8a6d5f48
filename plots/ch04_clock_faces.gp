# Figure: Four of the 64 clock hands of d = 128 at eight positions: hand 0 (period 6.3) spins, hand 63 (period 54410) barely moves until k is in the thousands
# Data: clock_hands.dat, columns 1 face 2 position 3 hand 4 x_sin 5 y_cos 6 period
fig_w = 1400; fig_h = 860
load plotdir.'/common.gp'
f = datadir.'/clock_hands.dat'
set multiplot layout 2,4 title "Clock hands (sin, cos) of P_k, d = 128: x = sin(k/Z_i), y = cos(k/Z_i) (ch04, claim 4.1)" font ',16' \
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
set style arrow 1 head filled size 0.08,20 lc rgb '#1f5fa8' lw 2.0
set style arrow 2 head filled size 0.08,20 lc rgb '#e07b00' lw 3.0
set style arrow 3 head filled size 0.08,20 lc rgb '#2a9d3a' lw 4.5
set style arrow 4 head filled size 0.08,20 lc rgb '#b0302a' lw 6.5
positions = "0 1 2 3 10 100 1000 30000"
unset key
# The legend, one line under all eight faces (a per-panel key would squeeze into one face).
set label 11 '━━ hand 0 (T = 6.3, the seconds hand)' at screen 0.04, screen 0.035 tc rgb '#1f5fa8' font ',14'
set label 12 '━━ hand 21 (T = 129)' at screen 0.31, screen 0.035 tc rgb '#e07b00' font ',14'
set label 13 '━━ hand 42 (T = 2640)' at screen 0.49, screen 0.035 tc rgb '#2a9d3a' font ',14'
set label 14 '━━ hand 63 (T = 54410, the hour hand)' at screen 0.67, screen 0.035 tc rgb '#b0302a' font ',14'
do for [face = 0:7] {
    set title sprintf('k = %s', word(positions, face + 1)) font ',15'
    plot cos(t), sin(t) lc rgb '#999999' lw 1.5 notitle, \
         for [m = 0:11] '+' using (0.9*sin(m*pi/6)):(0.9*cos(m*pi/6)):(0.1*sin(m*pi/6)):(0.1*cos(m*pi/6)) \
             every ::0::0 with vectors nohead lc rgb '#999999' lw 1.5 notitle, \
         f using (0):(0):($1 == face && $3 == 63 ? $4 : NaN):($1 == face && $3 == 63 ? $5 : NaN) \
             with vectors arrowstyle 4 title 'hand 63 (T = 54410, hour)', \
         f using (0):(0):($1 == face && $3 == 42 ? $4 : NaN):($1 == face && $3 == 42 ? $5 : NaN) \
             with vectors arrowstyle 3 title 'hand 42 (T = 2640)', \
         f using (0):(0):($1 == face && $3 == 21 ? $4 : NaN):($1 == face && $3 == 21 ? $5 : NaN) \
             with vectors arrowstyle 2 title 'hand 21 (T = 129)', \
         f using (0):(0):($1 == face && $3 == 0 ? $4 : NaN):($1 == face && $3 == 0 ? $5 : NaN) \
             with vectors arrowstyle 1 title 'hand 0 (T = 6.3, seconds)'
}
unset multiplot
