# cupy Generator.integers with a high bound past the dtype (CuPy's words, NumPy's too)
import cupy as cp

rng = cp.random.default_rng(0)
print(rng.integers(0, 200, size=3, dtype=cp.int8))
