# Figure: P_{k+R} against M_R·P_k: with the document's block every component lands on the diagonal, with the transposed block it does not (left); the error over many k, R and d stays under the rounding tolerance of the angles (right)
# Data: rotation_examples.dat columns 1 k 2 R 3 dim 4 rotated 5 transposed 6 target; rotation_errors.dat columns 1 d 2 k 3 R 4 size 5 error 6 tolerance 7 transposed_error
fig_w = 1400; fig_h = 640
load plotdir.'/common.gp'
set multiplot layout 1,2 title "The rotation identity P_{k+R} = M_R P_k (ch05, claim 5.1)" font ',16'
ex = datadir.'/rotation_examples.dat'
er = datadir.'/rotation_errors.dat'
set title "Doc A's examples P_1, P_{11}, P_{101} with one M_3 (d = 128)"
set size ratio -1
set xrange [-1.1:1.1]
set yrange [-1.1:1.1]
set xlabel 'component j of M_3 P_k (or of M_3^T P_k)'
set ylabel 'component j of P_{k+3}'
set key below font ',12'
plot x with lines ls 9 title 'y = x', \
     ex using 5:6 with points ls 2 pt 6 ps 0.8 title 'transposed block M_3^T P_k (misses)', \
     ex using 4:6 with points ls 1 pt 7 ps 0.7 title "document's block M_3 P_k (on the line)"
set title 'max_j |M_R P_k - P_{k+R}| over random k, R'
set size noratio
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
set xrange [1:20000]
set yrange [3e-18:1e-8]
set xlabel '|k| + |R| (size of the angles, positions)'
set ylabel 'max abs error (error 0 drawn at 10^{-17})'
set key inside top left vertical maxrows 6 font ',12'
eps = 2.0**-52
plot er using ($1 == 4 ? $4 : NaN):($5 > 1e-17 ? $5 : 1e-17) with points ls 1 pt 7 ps 0.4 title 'd = 4', \
     er using ($1 == 16 ? $4 : NaN):($5 > 1e-17 ? $5 : 1e-17) with points ls 2 pt 7 ps 0.4 title 'd = 16', \
     er using ($1 == 128 ? $4 : NaN):($5 > 1e-17 ? $5 : 1e-17) with points ls 3 pt 7 ps 0.4 title 'd = 128', \
     er using ($1 == 512 ? $4 : NaN):($5 > 1e-17 ? $5 : 1e-17) with points ls 4 pt 7 ps 0.4 title 'd = 512', \
     64*eps*x with lines ls 9 lw 2.5 title 'tolerance 64 ulp of |k|+|R|'
unset multiplot
