import cupy as cp

cp.sqrt(cp.arange(3), out=5)
