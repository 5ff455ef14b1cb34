# cov with fweights / aweights / both, ddof and bias; dtype= on cov and corrcoef; complex
# corrcoef; corrcoef's deprecated bias/ddof (no effect)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.5, 3.0], [2.0, 1.0, 0.5, 0.0, 1.5], [1.0, 3.0, 2.0, 7.0, -1.0]])
fw = cp.array([1, 2, 1, 3, 1])
aw = cp.array([0.5, 1.0, 2.0, 0.25, 1.0])
print(cp.cov(m, fweights=fw))
print(cp.cov(m, aweights=aw))
print(cp.cov(m, fweights=fw, aweights=aw))
print(cp.cov(m, fweights=fw, ddof=0), cp.cov(m, fweights=fw, ddof=2)[0])
print(cp.cov(m, aweights=aw, ddof=0)[1], cp.cov(m, aweights=aw, ddof=3)[2])
print(cp.cov(m, fweights=fw, aweights=aw, bias=True))
print(cp.cov(m, fweights=fw, aweights=aw, ddof=2))
print(cp.cov(m, None, True, False, None, fw, aw))
print(cp.cov(m, fweights=[1, 1, 2, 2, 1]), cp.cov(m, aweights=[1.0, 1.0, 1.0, 1.0, 1.0]))
print(cp.cov(m, fweights=fw.astype(cp.float64)), cp.cov(m, fweights=fw.astype(cp.int32), aweights=aw.astype(cp.float32)))
print(cp.cov(m.T, rowvar=False, fweights=fw), cp.cov(m[0], fweights=fw), cp.cov(m[0], m[1], aweights=aw))
print(cp.cov(m[0], aweights=aw).shape, cp.cov(m[0], aweights=aw).ndim)
# weights with dtypes: int input, float32 input and dtype= (weights make float64)
i = cp.array([[1, 5, 2, 8, 0], [3, 3, 9, 1, 4]], dtype=cp.int32)
print(cp.cov(i, fweights=fw), cp.cov(i, aweights=aw).dtype)
f = m.astype(cp.float32)
print(cp.cov(f, aweights=aw).dtype, cp.cov(f, aweights=aw))
print(cp.cov(m, dtype=cp.float32).dtype, cp.cov(m, dtype=cp.float32))
print(cp.cov(m, dtype=cp.float32, fweights=fw).dtype, cp.cov(m, dtype=cp.float32, fweights=fw))
print(cp.cov(i, dtype=cp.complex64).dtype, cp.cov(i, dtype=cp.complex64))
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
