import cupy as cp

g = cp.gradient(cp.ones(5), edge_order=2)
