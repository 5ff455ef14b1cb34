# library calls: matmul (cuBLAS) of float32 and float64 matrices and a matrix-vector product;
# the operands' producers and the result's consumer stay elementwise kernels around the call
import cupy as cp
A = cp.ones((64, 32), dtype=cp.float32)
B = cp.ones((32, 16), dtype=cp.float32)
C = (A * 2.0) @ B + 1.0
v = cp.ones(16)
w = cp.dot(cp.ones((8, 16)), v)
print(C, w)
