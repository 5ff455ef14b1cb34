import cupy as cp

x = cp.ones((4, 4))
X = cp.fft.fft2(x, s=(4, -2))
