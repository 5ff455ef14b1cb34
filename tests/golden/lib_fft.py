# library calls: fft of complex64 adds no kernel; ifft's 1/n fuses with the abs that reads
# it; a float32 input is cast first; rfft
import cupy as cp
z = cp.ones(1024, dtype=cp.complex64)
X = cp.fft.fft(z)
x = cp.ones(1024, dtype=cp.float32)
y = cp.abs(cp.fft.ifft(x))
print(X, y, cp.fft.rfft(x))
