import cupy as cp

n = 0
if cp.sum(cp.ones(3)) > 2:
    n = 2.5
print(n)
