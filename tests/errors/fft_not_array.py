import cupy as cp

F = cp.fft.fft([1.0, 2.0, 3.0])
