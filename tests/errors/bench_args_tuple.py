import cupy as cp
import cupyx.profiler

x = cp.arange(4.0)
t = x
r = cupyx.profiler.benchmark(cp.sum, t)
