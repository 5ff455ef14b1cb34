import cupy as cp

k = int(cp.arange(3).sum())
print(cp.diff(cp.arange(5), n=k))
