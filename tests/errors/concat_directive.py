import cupy as cp

r = cp.r_['r', 1, 2]
print(r)
