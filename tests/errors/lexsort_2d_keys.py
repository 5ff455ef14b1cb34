import cupy as cp

k = cp.array([[3, 1, 2], [1, 1, 0]])
print(cp.lexsort(k))
