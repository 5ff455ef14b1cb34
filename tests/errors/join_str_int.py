import cupy as cp

x = "none"
if cp.sum(cp.ones(2)) > 1:
    x = 3
print(x)
