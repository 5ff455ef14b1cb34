import cupy as cp
import cupyx
import cupyx.scipy.sparse as sp

d = cp.array([1.0, 2.0])
i = cp.array([0, 1])
p = cp.array([0, 1, 2])
A = sp.csr_matrix((d, i, p), shape=(2, 2))
y = A.dot()
