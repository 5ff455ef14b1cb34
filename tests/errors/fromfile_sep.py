import cupy as cp

x = cp.fromfile("data.txt", dtype=cp.float32, sep=" ")
print(x)
