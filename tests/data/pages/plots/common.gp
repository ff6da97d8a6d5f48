# The made-up run's plots folder: the driver asks for a common.gp; the stand-in
# gnuplot (../fake_gnuplot) never reads it.
