import cupy as cp

x = cp.zeros(4, dtype=cp.int32)
x[cp.array([0, 2])] = 2147483648
