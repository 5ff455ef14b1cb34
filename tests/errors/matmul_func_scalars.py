import cupy as cp

print(cp.matmul(2.0, 3.0))
