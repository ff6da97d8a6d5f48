# Figure: The ten nearest words of "bank": its one static SGNS vector, and the output of one untrained attention layer ($W_Q = W_K = W_V = I$, scores $/\sqrt{d}$) at "bank" in a money context and in a river context
# Data: senses.dat, blocks 0 static, 1 money_context, 2 river_context; columns 2 rank 3 word 4 cosine
fig_w = 1400; fig_h = 560
load plotdir.'/common.gp'
f = datadir.'/senses.dat'
set multiplot layout 1, 3 title 'Neighbours of "bank": one static vector vs the same token in two contexts (ch00, claims 0.5, 0.6)' font ',15'
set yrange [10.7:0.3]
set ytics 1
set xrange [0.5:1.0]
set xlabel 'cosine'
set key off
set style fill solid 0.35 border
do for [p = 0:2] {
    set title (p == 0 ? 'static vector' : (p == 1 ? 'in "... gold coins into the bank ..."' : 'in "... drifted to the bank ... water"')) font ',13'
    set ylabel (p == 0 ? 'rank' : '')
    plot f index p using (0.5):2:(0.5):4:($2-0.35):($2+0.35) with boxxyerror ls (p + 1), \
         f index p using (0.51):2:3 with labels left font ',11'
}
unset multiplot
