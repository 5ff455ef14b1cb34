import cupy as cp
a = cp.arange(4.0)
x = cp.add(a, a, dtype=cp.float32, casting='safe')
