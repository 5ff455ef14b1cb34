import cupy as cp

print(cp.dtype('f4').shapes)
