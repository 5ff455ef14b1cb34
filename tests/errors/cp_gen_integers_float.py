import cupy as cp

rng = cp.random.default_rng(0)
print(rng.integers(0, 5, size=2, dtype=cp.float32))
