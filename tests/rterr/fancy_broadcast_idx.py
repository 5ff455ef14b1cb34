import cupy as cp

b = cp.arange(12).reshape(3, 4)
print(b[cp.array([0, 1]), cp.array([0, 1, 2])])
