import cupy as cp
a = cp.arange(4.0)
cp.multiply.at(a, [0, 1], 2.0)
