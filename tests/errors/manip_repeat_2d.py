import cupy as cp

print(cp.repeat(cp.arange(4), cp.ones((2, 2), dtype=cp.int64)))
