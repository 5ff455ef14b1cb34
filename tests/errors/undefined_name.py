import cupy as cp

print(y + 1)
