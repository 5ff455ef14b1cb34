import cupy as cp

a = cp.arange(3.0)
cp.add(a, a, a, out=a)
