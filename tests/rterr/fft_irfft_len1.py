# irfft of a single value: the default length 2*(m - 1) is 0.
import sys
import cupy as cp

x = cp.ones(len(sys.argv), dtype=cp.complex128)
print(cp.fft.irfft(x))
