import cupy as cp

g = cp.mgrid[0:3, 2]
print(g)
