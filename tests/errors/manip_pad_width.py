import cupy as cp

print(cp.pad(cp.ones((2, 2)), ((1, 2, 3),)))
