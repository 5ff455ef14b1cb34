# A transform length known only at run time that is < 1: NumPy's ValueError.
import sys
import cupy as cp

x = cp.arange(8, dtype=cp.float64)
n = len(sys.argv) - 1
print(cp.fft.fft(x, n))
