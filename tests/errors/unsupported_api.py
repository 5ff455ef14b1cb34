import cupy as cp

a = cp.arange(3)
b = cp.fromDlpack(a)
