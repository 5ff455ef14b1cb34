# Out of memory on the device itself (no limit set): after a kernel-heavy loop, an array of
# 16 TiB, more than any GPU holds: cupy.cuda.memory.OutOfMemoryError with CuPy's message (the
# bytes still in use: x), exit 1, what was printed flushed.  NumPy has no device memory to run
# out of: the expected line is twins/oom_device.py's.
import cupy as cp

n = 1 << 20
x = cp.arange(n, dtype=cp.float32)
for i in range(50):
    x *= 0.5
    x += 1.0
print(x.shape)
y = cp.empty(1 << 42, dtype=cp.float32)
print("not reached", y.shape)
