import sys
import cupy as cp

op = "z = x + " + sys.argv[0]
k = cp.ElementwiseKernel("T x", "T z", op + ";", "k")
