# W14 (gpyc's own, issue 3): short captured loops entered many times — 500 calls of a
# function whose loop runs 16 iterations of 2 in-place kernels on 1024 elements.  Each call
# captures again and updates the site's graph (cudaGraphExecUpdate): this is where capture
# costs most against plain launches.  Time it with GPYRT_GRAPHS=0 and 1, and with
# GPYRT_GRAPH_MIN / GPYRT_GRAPH_UNROLL, to set the runtime's defaults.
import time
import sys
import cupy as cp

N = 1024
CALLS = 500
STEPS = 16
WARMUP = 3
REPEATS = 11
SEED = 14


def median(v):
    s = sorted(v)
    n = len(s)
    if n % 2 == 1:
        return s[n // 2]
    return 0.5 * (s[n // 2 - 1] + s[n // 2])


def steps(a, b, n):
    for i in range(n):
        a[:] = a * 0.5 + b * 0.25
        b[:] = b * 0.5 - a * 0.25 + 0.125


cp.random.seed(SEED)
a0 = cp.random.random(N, dtype=cp.float32)
b0 = cp.random.random(N, dtype=cp.float32)
print("INPUT w14_graph_short", float(cp.sum(a0, dtype=cp.float64)), float(cp.sum(b0, dtype=cp.float64)))

times = []
a = a0.copy()
b = b0.copy()
for r in range(WARMUP + REPEATS):
    a[:] = a0
    b[:] = b0
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    for c in range(CALLS):
        steps(a, b, STEPS)
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    if r >= WARMUP:
        times.append((t1 - t0) * 1000.0)

a64 = a.astype(cp.float64)
b64 = b.astype(cp.float64)
print("CHECK w14_graph_short", float(cp.sum(a64)), float(cp.sum(b64 * b64)))
med = median(times)
print("TIME w14_graph_short", med)
print("PER_ITER_US w14_graph_short", med * 1000.0 / (CALLS * STEPS))
sys.stdout.flush()
