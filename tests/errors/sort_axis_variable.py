import cupy as cp

a = cp.array([[3, 1], [2, 0]])
k = len([1, 2]) - 2
print(cp.sort(a, axis=k))
