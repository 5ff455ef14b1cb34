import cupy as cp

x, y = cp.meshgrid(cp.arange(2), cp.arange(3), indexing='xz')
