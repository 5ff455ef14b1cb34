import cupy as cp

a = cp.zeros((2, 3))
cp.put_along_axis(a, cp.array([0, 1]), 1.0, axis=None)
