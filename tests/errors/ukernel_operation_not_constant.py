import cupy as cp

op = "z = x + 1"
k = cp.ElementwiseKernel("T x", "T z", op + ";", "k")
