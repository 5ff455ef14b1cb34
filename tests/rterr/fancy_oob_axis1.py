import cupy as cp

b = cp.arange(12).reshape(3, 4)
print(b[:, cp.array([-4, 3])])
print(b[:, cp.array([1, -7])])
