# percentile with a q array out of [0, 100]: ValueError at run time
import cupy as cp

m = cp.arange(10)
q = cp.array([50.0, -5.0])
print(cp.nanpercentile(m, q))
