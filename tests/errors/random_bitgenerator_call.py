import cupy as cp
g = cp.random.BitGenerator(3)
