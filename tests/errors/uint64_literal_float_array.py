import cupy as cp

x = cp.array([18446744073709551615, 1.5])
print(x)
