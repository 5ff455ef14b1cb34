import cupy as cp

rng = cp.random.default_rng(0)
print(rng.dirichlet(2.0))
