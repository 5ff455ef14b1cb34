import cupy as cp

print("hello)
