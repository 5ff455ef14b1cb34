# cov: float fweights must hold integers (TypeError at run time)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.0], [1.0, 0.5, 3.0, 2.0]])
print(cp.cov(m, fweights=cp.array([1.0, 2.0, 1.0, 3.0])))
print(cp.cov(m, fweights=cp.array([1.0, 2.5, 1.0, 3.0])))
