import cupy as cp

print(cp.random.poisson(2.0, size=2, dtype=cp.complex64))
