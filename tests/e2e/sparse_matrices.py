# cupyx.scipy.sparse: csr, csc and coo matrices built from their arrays, from (data, (row, col))
# and from dense arrays; attributes, transposes, conversions, dense results, products with
# dense vectors and matrices (cuSPARSE SpMV and SpMM), sums, cupyx.cusparse's sorts on a
# stream.  Expected output: twins/sparse_matrices.py (SciPy; cupyx.cusparse is CuPy-only).
import cupy as cp
import cupyx
import cupyx.scipy.sparse as sp
from cupyx.scipy import sparse


def show(name, m):
    print(name, m.format, m.shape, m.nnz, m.dtype)
    print(m.toarray())


def build(mod, dt):
    data = cp.array([1, 2, 3, 4, 5], dt)
    return mod.csr_matrix((data, cp.array([0, 2, 2, 0, 1]), cp.array([0, 2, 3, 3, 5])), shape=(4, 3))


A = build(sp, float)
show("A", A)
print(A.data, A.indices, A.indptr, A.ndim, A.has_sorted_indices)
print(A.todense())
print(cupyx.scipy.sparse.issparse(A), sp.issparse(A.data), cupyx.scipy.sparse.isspmatrix_csr(A),
      cupyx.scipy.sparse.isspmatrix_csc(A), cupyx.scipy.sparse.isspmatrix_coo(A), sparse.isspmatrix_coo(A.tocoo()),
      cupyx.scipy.sparse.isspmatrix(A.T), cupyx.scipy.sparse.isspmatrix(cp.ones(2)))

# transposes: the csc matrix of the same arrays
show("A.T", A.T)
show("A.transpose()", A.transpose())
print(A.T.indptr, A.T.T.format)

# conversions
C = A.tocsc()
show("C", C)
print(C.data, C.indices, C.indptr, C.has_sorted_indices)
O = A.tocoo()
show("O", O)
print(O.row, O.col, O.data)
show("C.tocsr()", C.tocsr())
show("C.tocoo()", C.tocoo())
R = O.tocsr()
print(R.indptr, R.indices, R.data)
show("O.tocsc()", O.tocsc())
show("O.T", O.T)
print(A.tocsr().format, A.tocsr(copy=True).indptr)

# products with dense vectors and matrices
x = cp.array([1.0, 2.0, 3.0])
print(A @ x, A.dot(x), C @ x, O @ x)
X = cp.arange(6, dtype=cp.float64).reshape(3, 2)
print(A @ X)
print(C @ X)
print(O.dot(X))
print(A.T @ cp.array([1.0, -1.0, 2.0, 0.5]))
print(A @ cp.array([1, 2, 3]))

# sums
print(A.sum(), C.sum(), O.sum())
print(A.sum(axis=0), A.sum(axis=1))
print(C.sum(axis=0), C.sum(axis=1))
print(O.sum(axis=-1), O.sum(axis=-2))

# from dense arrays
D = cp.array([[0.0, 1.5, 0.0], [2.5, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 3.5, 4.5]])
E = cupyx.scipy.sparse.csr_matrix(D)
print(E.shape, E.data, E.indices, E.indptr)
F = cupyx.scipy.sparse.csc_matrix(D)
print(F.shape, F.data, F.indices, F.indptr)
G = cupyx.scipy.sparse.coo_matrix(D)
print(G.shape, G.data, G.row, G.col)
print(sp.csr_matrix(C).format, sp.csc_matrix(O).indptr)

# (data, (row, col)), shapes given and inferred
H = sp.coo_matrix((cp.array([1.0, 2.0, 3.0]), (cp.array([0, 1, 2]), cp.array([2, 0, 1]))), shape=(3, 4))
show("H", H)
I = sp.csr_matrix((cp.array([1.0, 2.0, 3.0]), (cp.array([0, 1, 3]), cp.array([2, 0, 1]))))
show("I", I)
print(I.indptr, I.indices)
J = sp.csc_matrix((cp.array([1.0, 2.0, 3.0]), cp.array([0, 4, 1]), cp.array([0, 1, 3])))
show("J", J)

# dtypes
A32 = build(sp, cp.float32)
print(A32.dtype, (A32 @ x).dtype, A32.sum().dtype, (A32 @ cp.ones(3, cp.float32)).dtype)
Z = sp.csr_matrix((A.data * (1 + 2j), A.indices, A.indptr), shape=(4, 3))
show("Z", Z)
print(Z @ x)
W = sp.csr_matrix((A.data, A.indices, A.indptr), shape=(4, 3), dtype=cp.complex64)
print(W.dtype, W.sum())

# sorting indices: in place, the data with them
U = sp.csr_matrix((cp.array([1.0, 2.0, 3.0, 4.0, 5.0]), cp.array([2, 0, 1, 0, 2]), cp.array([0, 2, 2, 5])),
                  shape=(3, 3))
print(U.has_sorted_indices)
before = U.toarray()
cupyx.cusparse.csrsort(U)
print(U.has_sorted_indices, U.indices, U.data)
cp.testing.assert_array_equal(U.toarray(), before)
V = sp.csc_matrix((cp.array([1.0, 2.0, 3.0]), cp.array([3, 1, 0]), cp.array([0, 3, 3])), shape=(4, 2))
stream = cp.cuda.Stream()
with stream:
    cupyx.cusparse.cscsort(V)
stream.synchronize()
print(V.indices, V.data, V.has_sorted_indices)
Q = sp.coo_matrix((cp.array([1.0, 2.0, 3.0, 4.0]), (cp.array([1, 0, 1, 0]), cp.array([0, 2, 1, 0]))), shape=(2, 3))
cupyx.cusparse.coosort(Q)
print(Q.row, Q.col, Q.data)
cupyx.cusparse.coosort(Q, 'c')
print(Q.row, Q.col, Q.data)
S = sp.csr_matrix((cp.array([1.0, 2.0, 3.0]), cp.array([1, 0, 0]), cp.array([0, 2, 3])), shape=(2, 2))
S.sort_indices()
print(S.indices, S.data, S.has_sorted_indices)
K = A.copy()
K.data[0] = 10.0
print(A.data[0], K.data[0])

# empty matrices
E0 = sp.csr_matrix((cp.zeros(0), cp.zeros(0, dtype=cp.int32), cp.zeros(4, dtype=cp.int32)), shape=(3, 5))
print(E0.nnz, E0.has_sorted_indices, E0.sum())
print(E0.toarray())
print(E0 @ cp.ones(5), E0.sum(axis=0))
print(E0.tocsc().indptr, E0.tocoo().row)
