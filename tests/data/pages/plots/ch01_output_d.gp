# Figure: A test figure <with> "markup" & $P_{k+R} < M_R$ and `x_file.dat`
