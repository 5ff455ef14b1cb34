# W15 (gpyc's own, issue 21): user kernels in a hot loop — 1,000 launches of a small RawKernel
# (an axpy on 4096 float32) and 1,000 calls of an ElementwiseKernel between two elementwise
# operations (gpyc fuses the three into one kernel; CuPy launches three).  The same script runs
# under CuPy: issue 21's bar is gpyc at least 10x faster per iteration, in the same run.
import time
import sys
import cupy as cp

N = 4096
ITERS = 1000
WARMUP = 3
REPEATS = 11
SEED = 15

axpy = cp.RawKernel(r'''
extern "C" __global__ void axpy(float *y, const float *x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
''', 'axpy')

squared_diff = cp.ElementwiseKernel('T x, T y', 'T z', 'z = (x - y) * (x - y)', 'squared_diff')


def median(v):
    s = sorted(v)
    n = len(s)
    if n % 2 == 1:
        return s[n // 2]
    return 0.5 * (s[n // 2 - 1] + s[n // 2])


cp.random.seed(SEED)
x0 = cp.random.random(N, dtype=cp.float32)
y0 = cp.random.random(N, dtype=cp.float32)
print("INPUT w15_user_kernels", float(cp.sum(x0, dtype=cp.float64)), float(cp.sum(y0, dtype=cp.float64)))

raw_times = []
ew_times = []
y = y0.copy()
z = y0.copy()
for r in range(WARMUP + REPEATS):
    y[:] = y0
    z[:] = y0
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    for i in range(ITERS):
        axpy((N // 256,), (256,), (y, x0, cp.float32(0.001), cp.int32(N)))
    cp.cuda.Device().synchronize()
    t1 = time.perf_counter()
    for i in range(ITERS):
        z = cp.sqrt(squared_diff(z * 0.5, x0 + 1.0)) * 0.5
    cp.cuda.Device().synchronize()
    t2 = time.perf_counter()
    if r >= WARMUP:
        raw_times.append((t1 - t0) * 1000.0)
        ew_times.append((t2 - t1) * 1000.0)

print("CHECK w15_user_kernels", float(cp.sum(y, dtype=cp.float64)), float(cp.sum(z, dtype=cp.float64)))
print("TIME w15_user_kernels", median(raw_times) + median(ew_times))
print("PER_ITER_US w15_user_kernels raw", median(raw_times) * 1000.0 / ITERS)
print("PER_ITER_US w15_user_kernels elementwise", median(ew_times) * 1000.0 / ITERS)
sys.stdout.flush()
