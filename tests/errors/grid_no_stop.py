import cupy as cp

g = cp.ogrid[0:]
print(g)
