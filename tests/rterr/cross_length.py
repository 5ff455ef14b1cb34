import cupy as cp

a = cp.ones((2, 4))
print(cp.cross(a, a))
