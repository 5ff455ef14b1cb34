import cupy as cp

x = cp.zeros(4, dtype=cp.int8)
cp.put_along_axis(x, cp.array([0, 1]), [-128, -129], axis=0)
