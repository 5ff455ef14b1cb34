import cupy as cp

a = cp.arange(6.0).reshape(2, 3)
print(cp.histogram(a, weights=cp.ones(6)))
