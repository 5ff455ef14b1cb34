# alloc suite: a loop captured as a CUDA graph (compiler/graphloop.c).  The body updates
# loop-invariant arrays in place and allocates nothing, captured or not; instantiating and
# replaying the graph takes nothing from the pool either, so 1000 iterations reach the driver
# as often as 10.  (tests/run.sh rewrites the ITERS line.)
import cupy as cp

ITERS = 10
n = 1 << 16
a = cp.arange(n, dtype=cp.float32) / n
b = cp.ones(n, dtype=cp.float32)
for i in range(ITERS):
    a[:] = a * 0.5 + b * 0.25
    b[:] = b * 0.5 - a * 0.25 + 0.125
print(float(cp.sum(a)), float(cp.sum(b)))
