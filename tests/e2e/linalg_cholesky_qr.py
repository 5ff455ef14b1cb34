import cupy as cp

# cholesky: the lower factor (only a's lower triangle is read), every dtype, stacked
A = cp.array([[4.0, 2.0, -2.0], [2.0, 10.0, 2.0], [-2.0, 2.0, 5.0]])
L = cp.linalg.cholesky(A)
print(cp.round(L, 8), L.dtype, cp.allclose(L @ L.T, A))
Au = A.copy()
Au[0, 2] = 99.0                       # the upper triangle is never read
print(cp.allclose(cp.linalg.cholesky(Au), L))


def chol(Ad):
    Ld = cp.linalg.cholesky(Ad)
    print(Ld.dtype, cp.round(Ld, 4), cp.allclose(Ld @ cp.conj(Ld).T, Ad, atol=1e-5), cp.allclose(Ld, cp.tril(Ld)))


H = 1j * cp.array([[0.0, 1.0, 0.5], [-1.0, 0.0, -0.5], [-0.5, 0.5, 0.0]])
chol(A.astype(cp.float32))
chol(A)
chol((A + H).astype(cp.complex64))
chol(A + H)
print(cp.linalg.cholesky(cp.array([[4, 2], [2, 5]])), cp.linalg.cholesky(cp.array([[4, 2], [2, 5]])).dtype)
S = cp.stack([A, 3 * cp.eye(3), A + cp.eye(3)])
Ls = cp.linalg.cholesky(S)
print(Ls.shape, cp.round(Ls[1], 6), cp.allclose(Ls @ cp.swapaxes(Ls, -1, -2), S))


# qr: modes, square, tall and wide, complex, stacked (Q and R are unique up to signs)
def report(a, q, r):
    k = q.shape[-1]
    eye = cp.eye(k, dtype=q.dtype)
    print(q.shape, r.shape, q.dtype, r.dtype, cp.allclose(q @ r, a, atol=1e-5),
          cp.allclose(cp.conj(cp.swapaxes(q, -1, -2)) @ q, eye, atol=1e-5),
          cp.allclose(r, cp.triu(r)), cp.round(cp.abs(r[..., 0, 0]), 4), cp.round(cp.abs(r[..., 1, 1]), 4))


def reduced(a):
    q, r = cp.linalg.qr(a)
    report(a, q, r)


def complete(a):
    q, r = cp.linalg.qr(a, mode="complete")
    report(a, q, r)


M = cp.array([[1.0, 2.0, 0.0], [3.0, -1.0, 2.0], [0.0, 4.0, 1.0], [2.0, 1.0, -3.0]])
reduced(M)              # tall 4 x 3
reduced(M.T.copy())     # wide 3 x 4
reduced(M[:3])          # square
reduced(M.astype(cp.float32))
reduced(M.astype(cp.complex128) * (1 - 2j))
reduced(M.T.astype(cp.complex64) * 1j)
complete(M)
complete(M.T.copy())
complete(M[:3])
complete(M.astype(cp.float32))
complete(M.astype(cp.complex128) * (1 - 2j))
complete(M.T.astype(cp.complex64) * 1j)
r = cp.linalg.qr(M, mode="r")
print(r.shape, r.dtype, cp.round(cp.abs(cp.diag(r)), 6), cp.allclose(r, cp.triu(r)))
print(cp.linalg.qr(M.T, mode="r").shape, cp.linalg.qr(M.astype(cp.complex64), mode="r").dtype)
q, r = cp.linalg.qr(cp.arange(6).reshape(3, 2))
print(q.dtype, r.dtype, cp.round(cp.abs(r), 6))
B = cp.stack([M, 2 * M, M[::-1]])
reduced(B)
complete(B)
reduced(cp.swapaxes(B, -1, -2))
complete(cp.swapaxes(B, -1, -2))
print(cp.linalg.qr(B, mode="r").shape)

# matrices of several 32 x 32 tiles and a partial one (solver.c's transposes by tiles; cholesky
# factors the column-major copy with potrf 'L'), junk above the diagonal, complex, stacked
n = 100
G = (cp.arange(n * n, dtype=cp.float64).reshape(n, n) % 17 - 8.0) / 16.0
P = G @ G.T + n * cp.eye(n)
L = cp.linalg.cholesky(P + cp.triu(cp.ones((n, n)) * 7.0, 1))
print(cp.allclose(L @ L.T, P), cp.allclose(L, cp.tril(L)), cp.round(L[97:, 95:], 6))
Pc = P + 1j * (cp.tril(G, -1) - cp.tril(G, -1).T) * 0.25
Lc = cp.linalg.cholesky(Pc.astype(cp.complex64))
print(Lc.dtype, cp.allclose(Lc @ cp.conj(Lc).T, Pc, rtol=1e-4, atol=1e-3), cp.allclose(Lc, cp.tril(Lc)))
print(cp.round(cp.linalg.cholesky(Pc)[98:, 96:], 6))
B3 = cp.stack([P[:70, :70], 2.0 * P[:70, :70], P[30:, 30:]])
L3 = cp.linalg.cholesky(B3)
print(L3.shape, cp.allclose(L3 @ cp.swapaxes(L3, -1, -2), B3), cp.round(L3[2, 69, 66:], 6))
print(cp.allclose(cp.linalg.inv(P) @ P, cp.eye(n), atol=1e-10), cp.round(cp.linalg.solve(P, G[:, :37])[98:, 34:], 8))
