import cupy as cp

a = cp.zeros((2, 3))
cp.place(a, cp.array([True, False]), 1.0)
