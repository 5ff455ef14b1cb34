# env: CUPY_GPU_MEMORY_LIMIT=67108864
# Out of memory inside a kernel-heavy loop, under CuPy's memory limit (64 MiB): every iteration
# runs in-place kernels over x and keeps one new 4 MiB array, until an allocation does not fit:
# cupy.cuda.memory.OutOfMemoryError with CuPy's message, exit 1, what was printed flushed.
# NumPy has no device memory to run out of: the expected line is twins/oom_limit.py's.
import cupy as cp

n = 1 << 20
x = cp.arange(n, dtype=cp.float32)
kept = []
for i in range(100):
    x *= 0.5
    x += 1.0
    x -= 0.25
    kept.append(cp.ones(n, dtype=cp.float32))
    print(i, len(kept))
print("not reached")
