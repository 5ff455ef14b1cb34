import cupy as cp

print(cp.trim_zeros(cp.zeros((2, 3))))
