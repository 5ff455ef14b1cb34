import cupy as cp

r = cp.roots(cp.ones(3, dtype=cp.float16))
