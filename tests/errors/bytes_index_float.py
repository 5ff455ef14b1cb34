import cupy as cp

b = cp.ones(3).tobytes()
print(b[1.5])
