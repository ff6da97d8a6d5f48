# Figure: Attention weights for ABCD and CBAD (no positions): the same numbers, rows and columns reordered
# Data: weights_abcd.dat, weights_cbad.dat, columns 1 query 2 key 3 weight 4 query_token 5 key_token
fig_w = 1100; fig_h = 560
load plotdir.'/common.gp'
cols_file = datadir.'/weights_abcd.dat'; eval read_columns
c_query = col('query'); c_key = col('key'); c_weight = col('weight')
c_query_token = col('query_token'); c_key_token = col('key_token')
stats cols_file using c_query:c_key nooutput
last_query = STATS_max_x
last_key = STATS_max_y
set multiplot layout 1,2 title w_title font ',16'
set size ratio -1
set cbrange [0:1]
set cblabel w_cblabel
set xlabel w_xlabel
set ylabel w_ylabel
set xrange [-0.5:last_key+0.5]
set yrange [last_query+0.5:-0.5]   # query 0 at the top, as common.gp's heatmaps
unset grid
unset key
set tics scale 0
set xtics font ',14'
set ytics font ',14'
do for [order in "abcd cbad"] {
    f = datadir.'/weights_'.order.'.dat'
    set title (order eq 'abcd' ? w_abcd : w_cbad)
    plot f using c_key:c_query:c_weight:xtic(strcol(c_key_token)) \
             with image notitle, \
         f using c_key:c_query:(sprintf('%.2f', column(c_weight))):ytic(strcol(c_query_token)) \
             with labels font ',12' tc rgb 'white' notitle
}
unset multiplot
