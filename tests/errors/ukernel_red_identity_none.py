import cupy as cp

k = cp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", None, "k")
