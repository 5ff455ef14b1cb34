import cupy as cp

k = cp.ReductionKernel("T x", "T y, T z", "x", "a + b", "y = a; z = a", "0", "k")
