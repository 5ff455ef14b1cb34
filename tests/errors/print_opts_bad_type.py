import cupy as cp

cp.set_printoptions(precision=2.5)
