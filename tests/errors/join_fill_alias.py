# a constant-filled array that another name also holds is no placeholder (a[0] = 5.5 writes b)
import cupy as cp

a = b = cp.zeros(3)
a[0] = 5.5
if a.sum() > 1:
    b = cp.arange(3)
print(b)
