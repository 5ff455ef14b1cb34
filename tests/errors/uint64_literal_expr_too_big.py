import cupy as cp

x = cp.array([2**64 - 1, 0], dtype=cp.uint64)
y = cp.array([1 << 64], dtype=cp.uint64)
