import cupy as cp

a = cp.zeros((4, 6))
v = a[:, ::2]
cp.put(v, [-13], 1.0)
