# common.gp: the workbook's look, loaded by every figure script.
# The driver passes: datadir, plotdir, fmt ('png' or 'svg'), outfile, and for
# projection (workbook_run --figure-size WxH, --font-scale X) figure_w,
# figure_h and font_scale.
# It also passes the reader's words and font (tools/figures.h): every title,
# axis label, legend entry and key word a script prints is a string w_KEY,
# from the row (figure NAME, key KEY) of lessons/LANG/figure_words.tsv, never
# typed into the script; font_face is the language's face (DejaVu Sans for
# English, Noto Sans CJK TC / SC for zh-TW / zh-CN: the Traditional or the
# Simplified glyph forms). A word with % conversions is a sprintf format,
# filled in the script with numbers from the data.
# A script may set fig_w and fig_h (pixels) before loading this file; the
# standard figure is 1000x600, and --figure-size WxH scales every figure by
# W/1000 across and H/600 down, so a wider figure stays wider.
#
# Figures follow the data: a script takes d, ranges, positions, periods and
# titles from the data files it reads (stats, or the column names below),
# never from numbers typed into it.
#
# Heatmaps, one orientation everywhere: a matrix as it is printed. Index 0 is
# at the top left; the row index (dimension j, query position, row a) grows
# downwards, the column index (position k, key position, column b) grows to
# the right. So a table of positional codes has positions across and
# dimensions down, dimension 0 at the top (Doc A's picture). In a script:
#   set xrange [-0.5:last_column+0.5]; set yrange [last_row+0.5:-0.5]
if (!exists("fig_w")) fig_w = 1000
if (!exists("fig_h")) fig_h = 600
if (exists("figure_w")) fig_w = int(fig_w * figure_w / 1000.0 + 0.5)
if (exists("figure_h")) fig_h = int(fig_h * figure_h / 600.0 + 0.5)
if (!exists("font_scale")) font_scale = 1.0
if (!exists("font_face")) font_face = 'DejaVu Sans'
# UTF-8: gnuplot then measures a string (a key's width, strlen) in
# characters, a CJK one counting twice, instead of in bytes.
set encoding utf8
if (fmt eq 'svg') {
    set terminal svg size fig_w, fig_h dynamic enhanced font font_face.',13' fontscale font_scale background rgb 'white'
} else {
    set terminal pngcairo size fig_w, fig_h enhanced font font_face.',13' fontscale font_scale background rgb 'white'
}
set output outfile

# Lines: one colour per series, the same order everywhere in the workbook.
set style line 1 lc rgb '#1f5fa8' lw 2.5 pt 7 ps 1.0
set style line 2 lc rgb '#e07b00' lw 2.5 pt 5 ps 1.0
set style line 3 lc rgb '#2a9d3a' lw 2.5 pt 9 ps 1.0
set style line 4 lc rgb '#b0302a' lw 2.5 pt 11 ps 1.0
set style line 9 lc rgb '#777777' lw 1.5 dt 2
set grid lc rgb '#dddddd' lw 1
set border lc rgb '#444444'
set key box opaque samplen 2.5 spacing 1.2

# The course's heatmap palette (Doc A §圖像化): dark blue at -1, yellow at +1.
set palette defined (0 '#0b1a5a', 0.25 '#2b58a3', 0.5 '#21908d', 0.75 '#5dc963', 1 '#fde725')

# Data files start with a '#' line naming their columns; gnuplot skips it as a
# comment. To use the names:
#   cols_file = FILE; eval read_columns
# sets cols to FILE's column names (space-separated, in order), and then
# col('name') is the number of that column (NaN if there is none), e.g.
#   stats FILE using (column(col('position'))) nooutput
# word(cols, n) is the name of column n. Call it before setting ranges:
# stats obeys them.
# Where a column is only read, give its number to `using` as a variable,
#   c_x = col('x'); stats FILE using c_x nooutput; plot FILE using c_x:c_y
# not as (column(col('x'))): gnuplot evaluates an expression in a using spec
# at every data point (setting and restoring its signal handlers each time),
# and a plain number costs nothing per point. Chapter 5's heatmaps of 16,384
# points drew 4 to 9 times faster so (2026-12-05, ENGINEERING.md "Speed").
# An SVG names each plot without a title by its command, so `unset key`
# heatmaps now carry "f using c_m:c_n:c_term[t]" as their tooltip.
read_columns = "set datafile commentschars ''; set datafile columnheaders; cols = ''; " . \
    "stats cols_file every ::0:0:0:0 using (sum [cols_i = 2:64] (cols = cols . ' ' . columnhead(cols_i), 0)) nooutput; " . \
    "set datafile commentschars; set datafile nocolumnheaders"
col_from(name, i) = i > words(cols) ? NaN : (word(cols, i) eq name ? i : col_from(name, i + 1))
col(name) = col_from(name, 1)

# tic_step(n): a round tick step (1, 2 or 5 times a power of ten) giving 10 to
# 25 ticks over a range of n, for axes whose range comes from the data.
tic_step(n) = (tic_s = 10**floor(log10(n / 10.0 > 1 ? n / 10.0 : 1)), n / tic_s > 50 ? 5 * tic_s : n / tic_s > 20 ? 2 * tic_s : tic_s)
