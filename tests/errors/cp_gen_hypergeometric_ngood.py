import cupy as cp

g = cp.random.default_rng(1)
print(g.hypergeometric(-1, 5, 3))
