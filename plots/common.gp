# common.gp: the workbook's look, loaded by every figure script.
# The driver passes: datadir, plotdir, fmt ('png' or 'svg'), outfile.
# A script may set fig_w and fig_h (pixels) before loading this file.
if (!exists("fig_w")) fig_w = 1000
if (!exists("fig_h")) fig_h = 600
if (fmt eq 'svg') {
    set terminal svg size fig_w, fig_h dynamic enhanced font 'DejaVu Sans,13' background rgb 'white'
} else {
    set terminal pngcairo size fig_w, fig_h enhanced font 'DejaVu Sans,13' background rgb 'white'
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
# comment, so scripts use column numbers and name them in a comment.
