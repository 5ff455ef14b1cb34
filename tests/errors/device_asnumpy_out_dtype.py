import cupy as cp

x = cp.zeros(3)
o = cp.zeros(3, dtype=cp.float32)
h = cp.asnumpy(x, out=o)
