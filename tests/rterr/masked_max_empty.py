# A masked max over an empty selection (masked.c: the max of where(mask, x, -inf), whose empty
# selection the device flags): NumPy's ValueError, raised at the read of the result.
import cupy as cp

x = cp.arange(10.0)
print(x[x < 5.0].max())
print(x[x > 100.0].max())
