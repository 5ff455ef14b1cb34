import cupy as cp

x = cp.arange(4.0)
print(cp.histogram2d(x, x, range=[[0.0, 1.0], [3.0, 2.0]]))
