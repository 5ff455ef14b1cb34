import cupy as cp
import cupyx.profiler

x = cp.arange(4.0)
r = cupyx.profiler.benchmark(cp.sum, (x,), {0: 0})
