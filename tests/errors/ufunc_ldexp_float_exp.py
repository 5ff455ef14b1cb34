import cupy as cp

print(cp.ldexp(cp.array([1.0]), cp.array([2.0])))
