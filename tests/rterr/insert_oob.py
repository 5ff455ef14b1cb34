import cupy as cp

print(cp.insert(cp.arange(5), 5, 9))
print(cp.insert(cp.arange(5), 7, 9))
