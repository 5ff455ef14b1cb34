import cupy as cp

z = cp.ones(4, dtype=cp.complex128)
R = cp.fft.rfft(z)
