# W12 (gpyc's own, issue 5): column sums of a tall-and-thin 10^6 x 2 float32 array (8 MB).
import time
import sys
import cupy as cp

R = 1000000
WARMUP = 3
REPEATS = 51
SEED = 12


def median(v):
    s = sorted(v)
    n = len(s)
    if n % 2 == 1:
        return s[n // 2]
    return 0.5 * (s[n // 2 - 1] + s[n // 2])


cp.random.seed(SEED)
x = cp.random.random((R, 2), dtype=cp.float32)
print("INPUT w12_tall_thin", float(cp.sum(x, dtype=cp.float64)))

times = []
s = cp.zeros(2, dtype=cp.float32)
for r in range(WARMUP + REPEATS):
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    s = x.sum(axis=0)
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    if r >= WARMUP:
        times.append((t1 - t0) * 1000.0)
print("CHECK w12_tall_thin", float(s[0]), float(s[1]))
print("TIME w12_tall_thin", median(times))
sys.stdout.flush()
