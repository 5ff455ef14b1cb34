# cov with fweights / aweights / both, ddof and bias (dtypes: stats_cov_dtype; complex and
# corrcoef: stats_cov_complex — split so that no one program takes minutes to compile)
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
