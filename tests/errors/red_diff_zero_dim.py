import cupy as cp

x = cp.array(3.0)
print(cp.diff(x))
