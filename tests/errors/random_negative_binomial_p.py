import cupy as cp

print(cp.random.negative_binomial(3, 1.5, size=2))
