import cupy as cp

rng = cp.random.default_rng(0)
print(rng.standard_exponential(3, method="zig"))
