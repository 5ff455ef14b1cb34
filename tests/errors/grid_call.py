import cupy as cp

g = cp.mgrid(3)
print(g)
