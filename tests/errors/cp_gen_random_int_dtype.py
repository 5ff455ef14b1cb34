import cupy as cp

rng = cp.random.default_rng(0)
print(rng.random(3, dtype=cp.int32))
