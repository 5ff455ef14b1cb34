import cupy as cp
x = cp.arange(4, dtype=cp.float32)
y = x.view(cp.int32, type=cp.ndarray)
