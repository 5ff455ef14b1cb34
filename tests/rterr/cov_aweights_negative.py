# cov: negative aweights (ValueError at run time)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.0], [1.0, 0.5, 3.0, 2.0]])
aw = cp.array([0.5, 2.0, 1.0, 0.25])
print(cp.cov(m, aweights=aw))
print(cp.cov(m, aweights=aw - 1.0))
