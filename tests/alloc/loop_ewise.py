# alloc suite: an elementwise recurrence.  Every iteration makes new arrays of one size; the
# pool hands back the buffers the previous iteration released, so 1000 iterations reach the
# driver as often as 10.  (tests/run.sh rewrites the ITERS line.)
import cupy as cp

ITERS = 10
n = 1 << 20
x = cp.arange(n, dtype=cp.float32) / n
y = cp.ones(n, dtype=cp.float32)
for i in range(ITERS):
    y = cp.sin(x) * 2.0 + cp.cos(y) * 0.5
    x = x * 0.99 + 0.01
    z = x[::2] + y[1::2]
print(float(cp.sum(y)), float(cp.sum(z)))
