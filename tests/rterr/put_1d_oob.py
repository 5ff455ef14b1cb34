import cupy as cp

a = cp.zeros(5)
cp.put(a, [-7], 1.0)
