# cov: negative fweights (ValueError at run time)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.0], [1.0, 0.5, 3.0, 2.0]])
fw = cp.array([1, 2, 1, 3])
print(cp.cov(m, fweights=fw))
print(cp.cov(m, fweights=fw - 2))
