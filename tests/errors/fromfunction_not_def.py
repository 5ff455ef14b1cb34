import cupy as cp

print(cp.fromfunction(cp.sin, (3,)))
