import cupy as cp

print(cp.cbrt(cp.array([1 + 2j])))
