import cupy as cp
x = cp.add.reduceat(cp.arange(8), [0, 9])
print(x)
