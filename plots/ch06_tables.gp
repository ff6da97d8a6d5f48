# Figure: The learned position table after training (rows beyond $L$ never moved) next to the sinusoidal table
# Data: learned_table.dat, columns 1 position 2 dim 3 trained 4 initial 5 change; sinusoidal_table.dat, columns 1 position 2 dim 3 value; experiment.dat columns 1 train_len 2 eval_len 7 d
fig_w = 1200; fig_h = 1100
load plotdir.'/common.gp'
stats datadir.'/experiment.dat' using 1 nooutput
L = STATS_max
stats datadir.'/experiment.dat' using 2 nooutput
T = STATS_max
stats datadir.'/experiment.dat' using 7 nooutput
D = STATS_max
lt = datadir.'/learned_table.dat'
st = datadir.'/sinusoidal_table.dat'
set multiplot layout 3,1 title w_title font ',16'
unset grid
unset key
set xlabel w_xlabel
set ylabel w_ylabel
set tics out scale 0.5
set xrange [-0.5:T-0.5]
set yrange [D-0.5:-0.5]   # as a matrix is printed (plots/common.gp): index 0 at the top
set arrow 1 from L-0.5, graph 0 to L-0.5, graph 1 nohead lc rgb 'red' lw 2.5 front
set style textbox opaque noborder   # the label stays readable over the heatmap
set label 1 sprintf(' L_{train} = %d ', L) at L-0.5, graph 0.86 left font ',13' tc rgb 'red' boxed front
set cbrange [-3:3]
set cblabel w_value offset 1, 0
set title w_learned
plot lt using 1:2:3 with image notitle
set cbrange [-0.5:0.5]
set cblabel w_change offset 1, 0
set title w_learned_change
plot lt using 1:2:5 with image notitle
set cbrange [-1:1]
set cblabel w_value offset 1, 0
set title w_sinusoidal
plot st using 1:2:3 with image notitle
unset multiplot
