import cupy as cp

print(cp.vdot(cp.ones(3), cp.ones(4)))
