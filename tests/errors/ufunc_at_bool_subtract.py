import cupy as cp
a = cp.arange(4.0)
cp.subtract.at(a > 1, [0, 1], True)
