# Figure: Cosine similarity of trained SGNS vectors: the workbook's related pairs (apple–banana, gold–silver, …) against random pairs of the 10000 most frequent words; each histogram is a fraction of its own pairs, and the dashed line marks Doc C's own example, 蘋果–香蕉 (apple–banana)
# Data: pairs.dat, columns 1 kind (random or related) 3 cosine 5 the related pair's words (apple-banana)
fig_w = 1100; fig_h = 560
load plotdir.'/common.gp'
f = datadir.'/pairs.dat'
stats f using (strcol(1) eq 'random' ? 1 : 0) nooutput
n_random = int(STATS_sum)
stats f using (strcol(1) eq 'related' ? 1 : 0) nooutput
n_related = int(STATS_sum)
bw = 0.04
bin(x) = bw * floor(x / bw) + bw / 2
set title w_title font ',15'
set xlabel w_xlabel
set ylabel w_ylabel
set xrange [-0.4:1.0]
set style fill solid 0.45 border
set boxwidth bw * 0.9
set yrange [0:*]
set offsets 0, 0, graph 0.25, 0
set key top left
# Doc C's example pair (蘋果 and 香蕉), where the vocabulary has both words
stats f using (strcol(1) eq 'related' && strcol(5) eq 'apple-banana' ? $3 : NaN) nooutput
if (STATS_records > 0) {
  ab = STATS_max
  set arrow 1 from ab, graph 0 to ab, graph 0.9 nohead dt 2 lw 2 lc rgb '#222222'
  set label 1 sprintf(w_doc_c, ab) at ab, graph 0.94 center noenhanced tc rgb '#222222'
}
plot f using (strcol(1) eq 'random' ? bin($3) : NaN):(1.0 / n_random) smooth frequency with boxes ls 1 \
       title sprintf(w_random, n_random), \
     f using (strcol(1) eq 'related' ? bin($3) : NaN):(1.0 / n_related) smooth frequency with boxes ls 2 \
       title sprintf(w_related, n_related)
