import cupy as cp

y = cp.sort_complex(cp.array(1.0))
