# Python's // by zero inside a loop that runs on the device (devloop.c) raises on the host
import cupy as cp

x = cp.array([3, 2, 1, 0, 5], dtype=cp.int64)
t = 0
for i in range(x.shape[0]):
    t += 60 // int(x[i])
print(t)
