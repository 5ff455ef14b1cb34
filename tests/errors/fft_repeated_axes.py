import cupy as cp

x = cp.ones((4, 6))
F = cp.fft.fftn(x, axes=(1, -1))
