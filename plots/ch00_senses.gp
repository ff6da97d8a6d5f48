# Figure: The ten nearest words of "bank": its one static SGNS vector, and the output of one untrained attention layer ($W_Q = W_K = W_V = I$, scores $/\sqrt{d}$) at "bank" in a money context and in a river context
# Data: senses.dat, blocks 0 static, 1 money_context, 2 river_context; columns 2 rank 3 word 4 cosine
fig_w = 1400; fig_h = 560
load plotdir.'/common.gp'
f = datadir.'/senses.dat'
# Bars from 0.5 (lower when a cosine is), each word at the end of its bar:
# room on the right for the longest word (about 0.18 in cosine at this size).
stats f using 4 nooutput
x_lo = STATS_min < 0.5 ? floor(STATS_min * 10) / 10.0 : 0.5
x_hi = STATS_max + 0.18 > 1.0 ? STATS_max + 0.18 : 1.0
set multiplot layout 1, 3 title w_title font ',15'
set yrange [10.7:0.3]
set ytics 1
set xrange [x_lo:x_hi]
set xlabel w_xlabel
set key off
set style fill solid 0.35 border
do for [p = 0:2] {
    set title (p == 0 ? w_static : (p == 1 ? w_money : w_river)) font ',13'
    set ylabel (p == 0 ? w_rank : '')
    plot f index p using (x_lo):2:(x_lo):4:($2-0.35):($2+0.35) with boxxyerror ls (p + 1), \
         f index p using 4:2:3 with labels left offset 0.5, 0 noenhanced font ',11'
}
unset multiplot
