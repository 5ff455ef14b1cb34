import cupy as cp

z = cp.array([1 + 2j, 3 - 1j])
print(cp.argsort(z))
