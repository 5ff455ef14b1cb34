import cupy as cp

x = cp.ones(6)
F = cp.fft.fht(x, 0.1, 0.1)
