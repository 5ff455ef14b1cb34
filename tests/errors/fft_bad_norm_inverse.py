import cupy as cp

x = cp.arange(8, dtype=cp.complex64)
y = cp.fft.irfft(x, 14, -1, "Ortho")
