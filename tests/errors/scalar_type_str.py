import cupy as cp

x = cp.float64("1.5")
