# Figure: Trained SGNS vectors (unit length) of the gender pairs and capital–country pairs of the analogy set, projected on each set's first two principal components, an arrow from the first word of a pair to the second: where arrows run parallel with similar lengths the offset is shared, which is what king − man + woman ≈ queen uses; compare each category's accuracy in claim 0.4 (the projection keeps only two of the 100 dimensions)
# Data: pca.dat, block 0 gender, block 1 capital; columns 2 pair 3 x_a 4 y_a 5 x_b 6 y_b 7 word_a 8 word_b
# (a vocabulary with fewer than two pairs of a set writes one row with pair -1: that panel says so)
fig_w = 1300; fig_h = 620
load plotdir.'/common.gp'
f = datadir.'/pca.dat'
set multiplot layout 1, 2 title 'Pairs of trained word vectors in 2-D (PCA of each set; ch00, claim 0.4)' font ',15'
set xlabel 'principal component 1'
set ylabel 'principal component 2'
set key off
set offsets graph 0.12, graph 0.12, graph 0.08, graph 0.08
# The pairs a block holds (its pair column's largest value + 1; 0 for the row that says none)
stats f index 0 using 2 nooutput
n_gender = int(STATS_max) + 1
stats f index 1 using 2 nooutput
n_capital = int(STATS_max) + 1
set title 'gender: man → woman' font ',14'
if (n_gender > 0) {
plot f index 0 using 3:4:($5-$3):($6-$4) with vectors head filled size screen 0.012,20 ls 1, \
     f index 0 using 3:4:7 with labels offset 0,-0.8 font ',10' tc rgb '#1f5fa8', \
     f index 0 using 5:6:8 with labels offset 0,0.8 font ',10' tc rgb '#b0302a'
} else {
set label 1 'fewer than two gender pairs in this vocabulary' at graph 0.5, 0.5 center
plot [-1:1] [-1:1] NaN notitle
unset label 1
}
set title 'capital → country' font ',14'
if (n_capital > 0) {
plot f index 1 using 3:4:($5-$3):($6-$4) with vectors head filled size screen 0.012,20 ls 3, \
     f index 1 using 3:4:7 with labels offset 0,-0.8 font ',10' tc rgb '#2a9d3a', \
     f index 1 using 5:6:8 with labels offset 0,0.8 font ',10' tc rgb '#b0302a'
} else {
set label 1 'fewer than two capital–country pairs in this vocabulary' at graph 0.5, 0.5 center
plot [-1:1] [-1:1] NaN notitle
unset label 1
}
unset multiplot
