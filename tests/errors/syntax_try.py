import cupy as cp

try:
    x = cp.ones(3)
except ValueError:
    x = cp.zeros(3)
print(x)
