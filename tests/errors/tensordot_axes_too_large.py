import cupy as cp

a = cp.ones((2, 3))
print(cp.tensordot(a, a, axes=3))
