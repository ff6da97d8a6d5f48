# Figure: a script with a syntax error, for the driver's own tests
plot sin(x) with
