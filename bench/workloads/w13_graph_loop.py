# W13 (gpyc's own, issue 3): a launch-bound loop of in-place updates of two 1024-element
# arrays, 5000 iterations of 2 fused kernels.  gpyc captures the loop as a CUDA graph
# (compiler/graphloop.c); time it with GPYRT_GRAPHS=0 and 1 (GPYRT_GRAPH_UNROLL=1..32 sets the
# iterations per graph) to compare with plain launches.
import time
import sys
import cupy as cp

N = 1024
ITERS = 5000
WARMUP = 3
REPEATS = 11
SEED = 13


def median(v):
    s = sorted(v)
    n = len(s)
    if n % 2 == 1:
        return s[n // 2]
    return 0.5 * (s[n // 2 - 1] + s[n // 2])


cp.random.seed(SEED)
a0 = cp.random.random(N, dtype=cp.float32)
b0 = cp.random.random(N, dtype=cp.float32)
print("INPUT w13_graph_loop", float(cp.sum(a0, dtype=cp.float64)), float(cp.sum(b0, dtype=cp.float64)))

times = []
a = a0.copy()
b = b0.copy()
for r in range(WARMUP + REPEATS):
    a[:] = a0
    b[:] = b0
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    for i in range(ITERS):
        a[:] = a * 0.5 + b * 0.25
        b[:] = b * 0.5 - a * 0.25 + 0.125
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    if r >= WARMUP:
        times.append((t1 - t0) * 1000.0)

a64 = a.astype(cp.float64)
b64 = b.astype(cp.float64)
print("CHECK w13_graph_loop", float(cp.sum(a64)), float(cp.sum(b64 * b64)))
med = median(times)
print("TIME w13_graph_loop", med)
print("PER_ITER_US w13_graph_loop", med * 1000.0 / ITERS)
sys.stdout.flush()
