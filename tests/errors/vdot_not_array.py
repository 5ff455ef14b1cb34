import cupy as cp

print(cp.vdot([1.0, 2.0], cp.ones(2)))
