import cupy as cp

print(cp.unravel_index(cp.array([3, 23]), (4, 6)))
print(cp.unravel_index(cp.array([3, 100, 200]), (4, 6)))
