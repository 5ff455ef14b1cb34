import cupy as cp
a = cp.arange(4.0)
cp.add(a, a, out=cp.zeros(4, dtype=cp.float32), casting='safe')
