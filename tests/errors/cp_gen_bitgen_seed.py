import cupy as cp

rng = cp.random.default_rng(0)
print(cp.random.XORWOW(rng).random_raw())
