# cupy Generator.integers over an empty interval
import cupy as cp

rng = cp.random.default_rng(0)
print(rng.integers(5, 3, size=2))
