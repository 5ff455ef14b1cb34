import cupy as cp

a = cp.array([0, 255], dtype=cp.uint8)
b = cp.array([[1, 2], [3, 300]], dtype=cp.uint8)
