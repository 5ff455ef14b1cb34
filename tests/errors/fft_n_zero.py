import cupy as cp

x = cp.arange(8, dtype=cp.float64)
X = cp.fft.rfft(x, 0)
