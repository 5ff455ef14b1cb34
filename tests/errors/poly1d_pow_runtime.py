import cupy as cp

p = cp.poly1d([1, 2])
n = int(cp.arange(3).sum())
q = p ** n
