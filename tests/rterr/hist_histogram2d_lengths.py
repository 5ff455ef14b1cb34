import cupy as cp

x = cp.arange(4.0)
y = cp.arange(5.0)
H, xe, ye = cp.histogram2d(x, y)
print(H)
