import cupy as cp

# solve: a vector b, a matrix b, non-symmetric a, every dtype family, stacked batches
A = cp.array([[3.0, 1.0, -2.0], [2.0, -4.0, 1.0], [1.0, 5.0, 7.0]])
b = cp.array([1.0, -2.0, 3.0])
x = cp.linalg.solve(A, b)
print(cp.round(x, 8), x.shape, x.dtype, cp.allclose(A @ x, b))
B = cp.array([[1.0, 0.0], [2.0, 1.0], [-1.0, 4.0]])
X = cp.linalg.solve(A, B)
print(cp.round(X, 8), X.shape, cp.allclose(A @ X, B))
print(cp.round(cp.linalg.solve(A, cp.eye(3)) @ A, 8))

def solve_in(Ad, bd):
    xd = cp.linalg.solve(Ad, bd)
    print(xd.dtype, cp.round(xd, 4), cp.allclose(Ad @ xd, bd, atol=1e-4))


Ci = cp.array([[0.5, 0.0, 1.0], [0.0, -1.0, 0.0], [2.0, 0.0, 0.25]])
solve_in(A.astype(cp.float32), b.astype(cp.float32))
solve_in(A, b)
solve_in((A + 1j * Ci).astype(cp.complex64), b.astype(cp.complex64))
solve_in(A + 1j * Ci, b.astype(cp.complex128))

# integer and bool inputs compute in float64; mixed dtypes promote
Ai = cp.array([[2, 1], [1, 3]])
bi = cp.array([3, 5])
print(cp.linalg.solve(Ai, bi), cp.linalg.solve(Ai, bi).dtype)
print(cp.linalg.solve(Ai.astype(cp.float32), bi).dtype, cp.linalg.solve(Ai.astype(cp.float32), bi.astype(cp.complex64)).dtype)
print(cp.linalg.solve(Ai.astype(cp.complex64), bi.astype(cp.float64)).dtype, cp.linalg.solve(cp.eye(2, dtype=cp.bool_), bi).dtype)

# stacked: a (2, 3, 3) with b matrices (2, 3, 2) (NumPy 2 takes a 1-d b as one vector for
# every matrix; NumPy 1.x, the oracle here, does not, so that case is left out)
S = cp.stack([A, A.T + 2 * cp.eye(3)])
Bs = cp.arange(12, dtype=cp.float64).reshape(2, 3, 2)
Xs = cp.linalg.solve(S, Bs)
print(Xs.shape, cp.round(Xs, 6), cp.allclose(S @ Xs, Bs))
# batch dimensions broadcast: a (3, 3) with b (4, 3, 1); a (2, 1, 3, 3) with b (1, 5, 3, 2)
Bb = cp.arange(12, dtype=cp.float64).reshape(4, 3, 1)
Xb = cp.linalg.solve(A, Bb)
print(Xb.shape, cp.allclose(A @ Xb, Bb))
Sb = S.reshape(2, 1, 3, 3)
Bc = cp.arange(30, dtype=cp.float64).reshape(1, 5, 3, 2)
Xc = cp.linalg.solve(Sb, Bc)
print(Xc.shape, cp.allclose(Sb @ Xc, Bc))
# a transposed (non-contiguous) operand
print(cp.round(cp.linalg.solve(A.T, b), 8), cp.allclose(A.T @ cp.linalg.solve(A.T, b), b))
# float32 accuracy on a larger well-conditioned system
n = 64
M = cp.eye(n, dtype=cp.float32) * 4 + cp.cos(cp.arange(n * n, dtype=cp.float32).reshape(n, n))
y = cp.linalg.solve(M, cp.ones(n, dtype=cp.float32))
print(y.dtype, bool(cp.abs(M @ y - 1).max() < 1e-3))
