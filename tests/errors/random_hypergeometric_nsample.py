import cupy as cp

print(cp.random.hypergeometric(5, 5, 0, size=2))
