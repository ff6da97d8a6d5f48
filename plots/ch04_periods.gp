# Figure: Period of each hand vs pair index (d = 128 by default, log scale): the formula 2π·10000^(2i/d), the periods measured from the table, Doc A's three rows, and the often-quoted 10000·2π that no pair reaches
# Data: periods.dat columns 1 pair 2 period_formula 3 period_measured; document_rows.dat columns 1 pair 2 document_period
fig_w = 1100; fig_h = 640
load plotdir.'/common.gp'
stats datadir.'/periods.dat' using 1 nooutput   # one row per pair: d = 2 x rows
d = 2 * int(STATS_records)
longest = 2 * pi * 10000**((d - 2.0) / d)
set title sprintf("Clock-hand periods T_i = 2π·10000^{2i/d}, d = %d (ch04, claims 4.1-4.3)", d) font ',16'
set xlabel 'pair index i (dimensions 2i, 2i+1)'
set ylabel 'period T_i (positions per full turn)'
set logscale y
set format y '10^{%T}'
set xrange [-1:d / 2]
set yrange [3:2e5]
set key bottom right
upper = 2*pi*10000
set label 1 sprintf('10000·2π = %.0f (quoted upper end)', upper) at 1, upper*1.45 tc rgb '#555555'
set label 2 sprintf('longest real period: 2π·10000^{%d/%d} = %.0f', d - 2, d, longest) at 1, longest/1.7 tc rgb '#b0302a'
plot datadir.'/periods.dat' using 1:2 with lines ls 1 title 'formula 2π·10000^{2i/d}', \
     '' using 1:3 with points ls 2 pt 6 ps 1.1 title 'measured from the table (phase unwrapping)', \
     datadir.'/document_rows.dat' using 1:2 with points ls 4 pt 9 ps 2.2 title "Doc A's rows (6.3, 628.3, 54000)", \
     upper with lines ls 9 title '10000·2π'
