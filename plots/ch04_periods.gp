# Figure: Period of each hand vs pair index ($d = 128$ by default, log scale): the formula $2\pi \cdot 10000^{2i/d}$, the periods measured from the table, Doc A's three rows, and the original Transformer paper's upper end $10000 \cdot 2\pi$, which no pair reaches
# Data: periods.dat columns pair period_formula period_measured rel_error turns_counted; document_rows.dat columns pair document_period half_unit
fig_w = 1100; fig_h = 640
load plotdir.'/common.gp'
fp = datadir.'/periods.dat'
fd = datadir.'/document_rows.dat'
cols_file = fp; eval read_columns
c_pair = col('pair'); c_formula = col('period_formula'); c_measured = col('period_measured')
stats fp using c_pair:c_formula nooutput   # one row per pair: d = 2 x rows
d = 2 * int(STATS_records)
shortest = STATS_min_y
longest = STATS_max_y
cols_file = fd; eval read_columns
c_doc_pair = col('pair'); c_doc_period = col('document_period')
doc_periods = ''
stats fd using (doc_periods = doc_periods.(doc_periods eq '' ? '' : ', ').sprintf('%g', column(c_doc_period)), 0) nooutput
upper = 2*pi*10000
set title sprintf(w_title, d) font ',16'
set xlabel w_xlabel
set ylabel w_ylabel
set logscale y
set format y '10^{%T}'
set xrange [-1:d / 2]
set yrange [shortest / 2:3 * (upper > longest ? upper : longest)]
set key bottom right
set label 1 sprintf(w_upper, upper) at 1, upper*1.45 tc rgb '#555555'
set label 2 sprintf(w_longest, d - 2, d, longest) at 1, longest/1.7 tc rgb '#b0302a'
plot fp using c_pair:c_formula with lines ls 1 title w_formula, \
     '' using c_pair:c_measured with points ls 2 pt 6 ps 1.1 title w_measured, \
     fd using c_doc_pair:c_doc_period with points ls 4 pt 9 ps 2.2 title sprintf(w_doc_rows, doc_periods), \
     upper with lines ls 9 title '10000·2π'
