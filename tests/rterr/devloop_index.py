# an out-of-range element read inside a loop that runs on the device (devloop.c): the kernel
# stops and the host raises NumPy's IndexError
import cupy as cp

x = cp.arange(5, dtype=cp.int64)
s = 0
i = 0
while i < 8:
    s += int(x[i])
    i += 1
print(s)
