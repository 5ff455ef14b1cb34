import cupy as cp

x = cp.zeros((2, 3), dtype=cp.uint8)
cp.put_along_axis(x, cp.array([[0], [2]]), 255, axis=1)
cp.put_along_axis(x, cp.array([[1], [0]]), 300, axis=1)
