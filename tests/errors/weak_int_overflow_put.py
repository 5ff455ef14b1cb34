import cupy as cp

x = cp.zeros(4, dtype=cp.uint8)
cp.put(x, [0, 1], [1, 256])
