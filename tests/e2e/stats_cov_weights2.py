# cov with weights: positional arguments, list weights, weight dtypes, 1-d inputs (see stats_cov_weights)
import cupy as cp

m = cp.array([[0.0, 1.0, 2.0, 4.5, 3.0], [2.0, 1.0, 0.5, 0.0, 1.5], [1.0, 3.0, 2.0, 7.0, -1.0]])
fw = cp.array([1, 2, 1, 3, 1])
aw = cp.array([0.5, 1.0, 2.0, 0.25, 1.0])
print(cp.cov(m, None, True, False, None, fw, aw))
print(cp.cov(m, fweights=[1, 1, 2, 2, 1]), cp.cov(m, aweights=[1.0, 1.0, 1.0, 1.0, 1.0]))
print(cp.cov(m, fweights=fw.astype(cp.float64)), cp.cov(m, fweights=fw.astype(cp.int32), aweights=aw.astype(cp.float32)))
print(cp.cov(m.T, rowvar=False, fweights=fw), cp.cov(m[0], fweights=fw), cp.cov(m[0], m[1], aweights=aw))
print(cp.cov(m[0], aweights=aw).shape, cp.cov(m[0], aweights=aw).ndim)
