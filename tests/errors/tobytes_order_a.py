import cupy as cp

b = cp.ones(3).tobytes(order="A")
