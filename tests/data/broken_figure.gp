# Figure: a deliberately broken script for the driver's own tests
plot this is not gnuplot
