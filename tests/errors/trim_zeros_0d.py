import cupy as cp

print(cp.trim_zeros(cp.array(0.0)))
