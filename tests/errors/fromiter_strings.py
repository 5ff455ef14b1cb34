import cupy as cp

x = cp.fromiter(["a", "b"], dtype=cp.int32)
