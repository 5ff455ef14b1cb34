import cupy as cp

x = cp.zeros(2, dtype=cp.uint64)
x[0] = 2**63 - 1
x[1] = 2**64 - 1
