# A sparse matrix times a vector of the wrong length: SciPy's and CuPy's ValueError.
import cupy as cp
import cupyx.scipy.sparse as sp

A = sp.csr_matrix(cp.eye(3))
print(A.nnz)
y = A @ cp.ones(4)
print(y)
