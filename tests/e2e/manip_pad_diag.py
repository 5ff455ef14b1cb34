# pad, diag / diagonal, tri / tril / triu
import cupy as cp

m = cp.arange(6).reshape(2, 3)
print(cp.pad(cp.array([1, 2, 3]), 2), cp.pad(cp.ones((1, 2)), ((1, 0), (0, 1))))
print(cp.pad(m, (1, 2), constant_values=-1))
print(cp.pad(m, ((0, 1), (2, 0)), mode='edge'))
print(cp.pad(cp.array([1.5, 2.5]), (1, 3), 'edge'))
print(cp.pad(m, 1, mode='constant', constant_values=7.9))
# edge, 3-d: each axis copies its edges inside the region the later axes have so far (NumPy's
# _view_roi), never reading their still-empty pad (initcheck)
print(cp.pad(cp.arange(24).reshape(2, 3, 4), ((1, 2), (0, 1), (2, 0)), mode='edge'))
print(cp.pad(cp.arange(6.0).reshape(1, 2, 3), 1, 'edge').sum(axis=(0, 2)))
print(cp.diag(cp.array([1, 2, 3])), cp.diag(m))
print(cp.diag(cp.array([1, 2]), 1))
print(cp.diag(cp.array([1.5, 2.5]), k=-2))
print(cp.diag(m, 1), cp.diag(m, -1), cp.diag(m.T), cp.diag(m, 5))
print(cp.diagflat(cp.array([[1, 2], [3, 4]])))
print(m.diagonal(), cp.diagonal(m, 1))
print(cp.tri(3), cp.tri(2, 4, 1, dtype=cp.int32))
print(cp.tril(cp.ones((3, 3), dtype=cp.int32)), cp.triu(cp.arange(9).reshape(3, 3), 1))
print(cp.tril(cp.arange(12).reshape(3, 4), -1))
print(cp.triu(cp.arange(1, 13, dtype=cp.float32).reshape(2, 2, 3)))
print(cp.tril(cp.array([1, 2, 3])))
