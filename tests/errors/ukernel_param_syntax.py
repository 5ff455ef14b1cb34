import cupy as cp

k = cp.ElementwiseKernel("float32", "float32 z", "z = 1", "k")
