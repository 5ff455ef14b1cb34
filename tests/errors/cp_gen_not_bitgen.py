import cupy as cp

g = cp.random.Generator(5)
