import cupy as cp

print(cp.take(cp.arange(4), cp.array([0, 3])))
print(cp.take(cp.arange(4), cp.array([4])))
