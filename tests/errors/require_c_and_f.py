import cupy as cp

r = cp.require(cp.ones((2, 3)), requirements=["C", "F"])
