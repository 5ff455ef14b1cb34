# alloc suite: row chains, reductions, matmul (cuBLAS), scans (CUB temporary storage) and a
# boolean mask (a data-dependent size) in a loop: no driver allocations after the first
# iteration.  Each iteration allocates its results, and each should take back blocks the pool
# kept when earlier results were freed:
# alloc: reuses kept blocks
# (tests/run.sh rewrites the ITERS line.)
import cupy as cp

ITERS = 10
x = cp.sin(cp.arange(256 * 128, dtype=cp.float32)).reshape(256, 128)
w = cp.cos(cp.arange(128 * 64, dtype=cp.float32)).reshape(128, 64) * 0.1
acc = 0.0
for i in range(ITERS):
    e = cp.exp(x - x.max(axis=1, keepdims=True))
    s = e / e.sum(axis=1, keepdims=True)
    h = s @ w
    c = cp.cumsum(h, axis=1)
    m = c[c > 0.0]
    acc += float(cp.sum(m)) + float(h.mean(axis=0).max())
    x = x * 0.999 + s
print(acc)
