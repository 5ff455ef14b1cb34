import cupy as cp

a = cp.array(3.0)
print(cp.sort(a))
