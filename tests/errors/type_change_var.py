import cupy as cp

x = 1.0
x = cp.zeros(3)
print(x)
