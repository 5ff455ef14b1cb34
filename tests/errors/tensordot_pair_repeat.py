import cupy as cp
a = cp.arange(4.0)
c = cp.tensordot(a.reshape(2, 2), a.reshape(2, 2), axes=([0, 0], [0, 1]))
