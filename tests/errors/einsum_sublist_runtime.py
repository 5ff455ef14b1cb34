import cupy as cp

a = cp.ones((2, 3))
subs = [0, 1]
print(cp.einsum(a, subs))
