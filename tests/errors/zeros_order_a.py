import cupy as cp

print(cp.zeros((2, 3), order='A'))
