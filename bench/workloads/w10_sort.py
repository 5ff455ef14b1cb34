# W10 (gpyc's own, issue 5): sort and argsort of 2^26 random float32 (CUB radix sort).
import time
import sys
import cupy as cp

N = 1 << 26
WARMUP = 2
REPEATS = 9
SEED = 10


def median(v):
    s = sorted(v)
    n = len(s)
    if n % 2 == 1:
        return s[n // 2]
    return 0.5 * (s[n // 2 - 1] + s[n // 2])


cp.random.seed(SEED)
x = cp.random.random(N, dtype=cp.float32)
print("INPUT w10_sort", float(cp.sum(x, dtype=cp.float64)))

ts = []
ta = []
s = x
idx = cp.zeros(N, dtype=cp.int64)
for r in range(WARMUP + REPEATS):
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    s = cp.sort(x)
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    idx = cp.argsort(x)
    cp.cuda.Device().synchronize()
    t2 = time.perf_counter()
    if r >= WARMUP:
        ts.append((t1 - t0) * 1000.0)
        ta.append((t2 - t1) * 1000.0)
print("CHECK w10_sort", float(cp.sum(s[::4096], dtype=cp.float64)), float(s[N // 2]))
print("CHECK w10_argsort", float(cp.sum(x[idx[::4096]], dtype=cp.float64)))
print("TIME w10_sort", median(ts))
print("TIME w10_argsort", median(ta))
sys.stdout.flush()
