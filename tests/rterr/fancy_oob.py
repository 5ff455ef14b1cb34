import cupy as cp

# an integer index array with an out-of-bounds entry raises IndexError (CuPy would wrap)
a = cp.arange(5) * 2
idx = cp.array([1, 3, 10, 12])
print(a[idx[:2]])
print(a[idx])
