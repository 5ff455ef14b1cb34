# cov of complex input with weights; a zero weight; corrcoef with dtype=, complex input and its
# deprecated bias/ddof (no effect)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.5, 3.0], [2.0, 1.0, 0.5, 0.0, 1.5], [1.0, 3.0, 2.0, 7.0, -1.0]])
fw = cp.array([1, 2, 1, 3, 1])
aw = cp.array([0.5, 1.0, 2.0, 0.25, 1.0])
# complex with weights
z = m[:2] * (1.0 - 0.5j) + 1j
print(cp.cov(z, aweights=aw), cp.cov(z, fweights=fw, aweights=aw).dtype)
# a zero weight drops an observation
print(cp.cov(m, fweights=cp.array([1, 1, 1, 0, 1])), cp.cov(m[:, [0, 1, 2, 4]]))
# corrcoef: dtype=, complex, deprecated bias/ddof
print(cp.corrcoef(m, dtype=cp.float32).dtype, cp.corrcoef(m, dtype=cp.float32))
print(cp.corrcoef(z))
print(cp.corrcoef(z[0], z[1] * 2.0 + 1.0))
print(cp.corrcoef(z[0]), cp.corrcoef(m, bias=True)[0], cp.corrcoef(m, ddof=3)[1])
