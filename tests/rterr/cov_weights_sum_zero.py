# cov: weights that sum to zero (ZeroDivisionError at run time)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.0], [1.0, 0.5, 3.0, 2.0]])
print(cp.cov(m, fweights=cp.array([0, 1, 0, 0])))
print(cp.cov(m, fweights=cp.array([1, 1, 0, 0]), aweights=cp.array([0.0, 0.0, 1.0, 2.0])))
