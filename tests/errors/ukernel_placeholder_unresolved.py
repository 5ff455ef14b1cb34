import cupy as cp

k = cp.ElementwiseKernel("float32 x, U s", "float32 z", "z = x * s", "k")
print(k(cp.ones(3, dtype=cp.float32), 2.0))
