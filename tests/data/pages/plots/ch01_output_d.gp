# Figure: A test figure <with> "markup" & P_{k+R}
