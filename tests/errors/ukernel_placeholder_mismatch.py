import cupy as cp

k = cp.ElementwiseKernel("T x, T y", "T z", "z = x + y", "k")
print(k(cp.ones(3, dtype=cp.float32), cp.ones(3)))
