import cupy as cp

print(cp.gcd(cp.array([1.0]), 2))
