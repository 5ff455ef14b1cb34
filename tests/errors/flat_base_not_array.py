import cupy as cp

n = 3
print(n.flat.base)
