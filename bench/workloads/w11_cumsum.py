# W11 (gpyc's own, issue 5): cumsum of 2^28 float32 (CUB device scan).
import time
import sys
import cupy as cp

N = 1 << 28
WARMUP = 2
REPEATS = 9
SEED = 11


def median(v):
    s = sorted(v)
    n = len(s)
    if n % 2 == 1:
        return s[n // 2]
    return 0.5 * (s[n // 2 - 1] + s[n // 2])


cp.random.seed(SEED)
x = cp.random.random(N, dtype=cp.float32)
print("INPUT w11_cumsum", float(cp.sum(x, dtype=cp.float64)))

times = []
c = x
for r in range(WARMUP + REPEATS):
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    c = cp.cumsum(x)
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    if r >= WARMUP:
        times.append((t1 - t0) * 1000.0)
print("CHECK w11_cumsum", float(cp.sum(c[::65536], dtype=cp.float64)))
print("TIME w11_cumsum", median(times))
sys.stdout.flush()
