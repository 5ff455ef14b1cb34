import cupy as cp
a = cp.arange(4.0)
n = len([1, 2])
c = cp.tensordot(a, a, axes=n)
