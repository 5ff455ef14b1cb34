import cupy as cp

x = cp.array([1.0, 2.0])
print(cp.digitize(x, cp.array([0.0, 2.0, 1.0])))
