import cupy as cp

a = cp.ones((1, 1, 1, 1, 1))
print(cp.kron(a, a))
