import cupy as cp

k = len([1, 2]) - 1
print(cp.trace(cp.ones((3, 3)), axis1=k))
