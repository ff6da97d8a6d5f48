# Figure: The output $O_D$ at D for ABCD and CBAD, without positions (identical: Doc A's permutation invariance) and with sinusoidal positions (different)
# Data: output_d.dat, columns 1 dim 2 abcd 3 cbad 4 abcd_pe 5 cbad_pe
fig_w = 1200; fig_h = 540
load plotdir.'/common.gp'
f = datadir.'/output_d.dat'
set multiplot layout 1,2 title w_title font ',16'
set xlabel w_xlabel
set ylabel w_ylabel
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key top left
set title w_left
plot f using 2:xtic(1) ls 1 title 'ABCD', '' using 3 ls 2 title 'CBAD'
set title w_right
plot f using 4:xtic(1) ls 1 title 'ABCD + P', '' using 5 ls 2 title 'CBAD + P'
unset multiplot
