import cupy as cp

g = cp.zeros(6)
g[cp.array([0, 1])] = cp.array([1.0, 2.0, 3.0])
print(g)
