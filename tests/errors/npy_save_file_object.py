import cupy as cp

cp.save(3, cp.zeros(3))
