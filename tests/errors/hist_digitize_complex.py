import cupy as cp

x = cp.array([1 + 2j])
print(cp.digitize(x, cp.array([0.0, 1.0])))
