# Figure: Is the offset shared? king − man + woman ≈ queen needs the pairs $(a, b)$ of a relation to differ by about one vector. For the gender and the capital–country pairs (the first pairs of each whose words claim 0.4 asks about; the titles say how many), each trained SGNS vector (unit length) is drawn along the relation's mean offset $m$, the mean of $b - a$ (across), and along the direction at right angles to $m$ in which the offsets differ most (up), on one scale, with an arrow from $a$ to $b$: a shared offset gives arrows parallel to $m$ and as long as $m$, drawn at the bottom. Each title gives the offsets' mean cosine with $m$ and the category's score in claim 0.4 on these vectors (3CosAdd and the nearest word of $c$)
# Data: pca.dat, block 0 gender, block 1 capital, one row per pair: word_a word_b, their coordinates x_a y_a x_b y_b, cos (of b − a with m), the labels' centres lx_a ly_a lx_b ly_b as the chapter placed them and lead_a lead_b (1: a leader line), and the panel's values on each row: pairs, mean_len (|m|), mean_cos, the ranges x_lo x_hi y_lo y_hi, ref_x ref_y (where m is drawn from), plot_w plot_h label_pt (the panel and font the labels were placed for); analogies.dat: category asked sgns nearest
# (a vocabulary with fewer than two pairs of a relation, or pairs whose offsets cancel out, writes one row with pair -1: that panel says so)
# The panels' size in pixels at the standard figure (plot_w x plot_h) and the
# labels' font size (label_pt) are the chapter's: it placed the labels for them.
# Around the panels, at the standard size (w0 x h0): the titles above, tics
# and axis labels below and on the left. --figure-size scales all of it.
fig_w = 1300; fig_h = 710
w0 = 1.0 * fig_w; h0 = 1.0 * fig_h
pad_top = 110.0; pad_left = 85.0; pad_mid = 125.0
load plotdir.'/common.gp'
f = datadir.'/pca.dat'
a_file = datadir.'/analogies.dat'
# Claim 0.4's score per category (seed --seed), from analogies.dat.
cols_file = a_file; eval read_columns
c_asked = col('asked'); c_sgns = col('sgns'); c_near = col('nearest')
cols_file = f; eval read_columns
# first(i, name): the command that puts column name's value in block i's first row into STATS_max
first(i, name) = sprintf("stats f index %d every ::0::0 using (column(col('%s'))) nooutput", i, name)
eval first(0, 'plot_w'); plot_w = STATS_max
eval first(0, 'plot_h'); plot_h = STATS_max
eval first(0, 'label_pt'); label_pt = int(STATS_max)
array drawn[2]; array asked[2]; array acc[2]; array near[2]; array pairs[2]; array mean_cos[2]; array mean_len[2]
array x_lo[2]; array x_hi[2]; array y_lo[2]; array y_hi[2]; array ref_x[2]; array ref_y[2]
do for [p = 1:2] {
    cat = word('gender capital', p)
    stats a_file using (strcol(1) eq cat ? column(c_asked) : NaN) nooutput
    asked[p] = STATS_max
    acc[p] = NaN; near[p] = NaN
    if (asked[p] > 0) {
        stats a_file using (strcol(1) eq cat ? column(c_sgns) : NaN) nooutput
        acc[p] = STATS_max
        stats a_file using (strcol(1) eq cat ? column(c_near) : NaN) nooutput
        near[p] = STATS_max
    }
    eval first(p - 1, 'pairs'); pairs[p] = int(STATS_max)
    eval first(p - 1, 'pair'); drawn[p] = STATS_max >= 0
    if (drawn[p]) {
        eval first(p - 1, 'mean_cos'); mean_cos[p] = STATS_max
        eval first(p - 1, 'mean_len'); mean_len[p] = STATS_max
        eval first(p - 1, 'x_lo'); x_lo[p] = STATS_max
        eval first(p - 1, 'x_hi'); x_hi[p] = STATS_max
        eval first(p - 1, 'y_lo'); y_lo[p] = STATS_max
        eval first(p - 1, 'y_hi'); y_hi[p] = STATS_max
        eval first(p - 1, 'ref_x'); ref_x[p] = STATS_max
        eval first(p - 1, 'ref_y'); ref_y[p] = STATS_max
    }
}
percent(x) = sprintf('%.1f%%', 100 * x)
names(p) = p == 1 ? w_gender : w_capital
relation(p) = p == 1 ? w_relation_gender : w_relation_capital
# The words' labels in DejaVu Sans in every language: the chapter placed them
# for its widths (tests/ch00_pca_labels.sh); the other texts in the reader's face.
word_font = sprintf('DejaVu Sans,%d', label_pt)
lab_font = sprintf(',%d', label_pt)
set multiplot title w_title font ',15'
set key off
axes = "set xlabel w_xlabel offset 0, 0.3; set ylabel w_ylabel offset 1, 0; set tics"
eval axes
set style textbox opaque noborder margins 0.5, 0.5
set tics font ',12'
do for [p = 1:2] {
    left = (pad_left + (p - 1) * (plot_w + pad_mid)) / w0
    set lmargin at screen left
    set rmargin at screen left + plot_w / w0
    set tmargin at screen 1 - pad_top / h0
    set bmargin at screen 1 - (pad_top + plot_h) / h0
    ls_p = p == 1 ? 1 : 3
    score = asked[p] > 0 ? sprintf(w_score, percent(acc[p]), int(asked[p]), percent(near[p])) : w_no_question
    if (drawn[p]) {
        set title sprintf(w_panel_title, relation(p), pairs[p], mean_cos[p], score) font ',13'
        set xrange [x_lo[p]:x_hi[p]]
        set yrange [y_lo[p]:y_hi[p]]
        set arrow 1 from ref_x[p], ref_y[p] to ref_x[p] + mean_len[p], ref_y[p] head filled size screen 0.012,20 lc rgb '#222222' lw 3
        set label 1 sprintf(w_mean_offset, mean_len[p]) at ref_x[p] + mean_len[p], ref_y[p] offset 1, 0 left font lab_font tc rgb '#222222'
        plot f index p - 1 using (column(col('lead_a')) > 0 ? column(col('x_a')) : NaN):(column(col('y_a'))):(column(col('lx_a')) - column(col('x_a'))):(column(col('ly_a')) - column(col('y_a'))) \
               with vectors nohead lc rgb '#999999' lw 1, \
             f index p - 1 using (column(col('lead_b')) > 0 ? column(col('x_b')) : NaN):(column(col('y_b'))):(column(col('lx_b')) - column(col('x_b'))):(column(col('ly_b')) - column(col('y_b'))) \
               with vectors nohead lc rgb '#999999' lw 1, \
             f index p - 1 using (column(col('x_a'))):(column(col('y_a'))):(column(col('x_b')) - column(col('x_a'))):(column(col('y_b')) - column(col('y_a'))) \
               with vectors head filled size screen 0.010,20 ls ls_p, \
             f index p - 1 using (column(col('x_a'))):(column(col('y_a'))) with points pt 7 ps 0.6 lc rgb '#444444', \
             f index p - 1 using (column(col('lx_a'))):(column(col('ly_a'))):(stringcolumn(col('word_a'))) \
               with labels boxed center noenhanced font word_font tc ls ls_p, \
             f index p - 1 using (column(col('lx_b'))):(column(col('ly_b'))):(stringcolumn(col('word_b'))) \
               with labels boxed center noenhanced font word_font tc rgb '#b0302a'
        unset arrow 1
        unset label 1
    } else {
        set title sprintf(w_panel_title_empty, relation(p), score) font ',13'
        set xrange [-1:1]
        set yrange [-1:1]
        unset xlabel; unset ylabel; unset tics
        set label 1 (pairs[p] < 2 ? sprintf(w_too_few, names(p)) : sprintf(w_cancel, pairs[p], names(p))) at graph 0.5, 0.5 center
        plot NaN notitle
        unset label 1
        eval axes
    }
}
unset multiplot
