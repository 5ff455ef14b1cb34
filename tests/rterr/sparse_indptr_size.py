# An index pointer whose length does not fit the shape: CuPy's ValueError (checked where the
# matrix is first used).
import cupy as cp
import cupyx.scipy.sparse as sp

A = sp.csr_matrix((cp.ones(2), cp.array([0, 1]), cp.array([0, 1, 2])), shape=(3, 3))
print(A.toarray())
