import cupy as cp

x = cp.ones(6)
F = cp.fft.fft2(x)
