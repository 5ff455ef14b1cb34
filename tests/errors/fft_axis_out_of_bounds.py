import cupy as cp

x = cp.ones(5)
X = cp.fft.fft(x, axis=1)
