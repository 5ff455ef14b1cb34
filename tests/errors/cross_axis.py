import cupy as cp

print(cp.cross(cp.ones(3), cp.ones(3), axis=0))
