import cupy as cp

# cholesky: the lower factor (only a's lower triangle is read), every dtype, stacked
A = cp.array([[4.0, 2.0, -2.0], [2.0, 10.0, 2.0], [-2.0, 2.0, 5.0]])
L = cp.linalg.cholesky(A)
print(cp.round(L, 8), L.dtype, cp.allclose(L @ L.T, A))
Au = A.copy()
Au[0, 2] = 99.0                       # the upper triangle is never read
print(cp.allclose(cp.linalg.cholesky(Au), L))
for dt in (cp.float32, cp.float64, cp.complex64, cp.complex128):
    Ad = A.astype(dt)
    if dt in (cp.complex64, cp.complex128):
        Ad = Ad + 1j * cp.array([[0.0, 1.0, 0.5], [-1.0, 0.0, -0.5], [-0.5, 0.5, 0.0]], dtype=dt)
    Ld = cp.linalg.cholesky(Ad)
    print(Ld.dtype, cp.round(Ld, 4), cp.allclose(Ld @ Ld.conj().T, Ad, atol=1e-5),
          cp.allclose(Ld, cp.tril(Ld)))
print(cp.linalg.cholesky(cp.array([[4, 2], [2, 5]])), cp.linalg.cholesky(cp.array([[4, 2], [2, 5]])).dtype)
S = cp.stack([A, 3 * cp.eye(3), A + cp.eye(3)])
Ls = cp.linalg.cholesky(S)
print(Ls.shape, cp.round(Ls[1], 6), cp.allclose(Ls @ cp.swapaxes(Ls, -1, -2), S))

# qr: modes, square, tall and wide, complex, stacked (Q and R are unique up to signs)
def check(a, mode="reduced"):
    q, r = cp.linalg.qr(a, mode=mode)
    k = q.shape[-1]
    eye = cp.eye(k, dtype=q.dtype)
    print(mode, q.shape, r.shape, q.dtype, r.dtype, cp.allclose(q @ r, a, atol=1e-5),
          cp.allclose(cp.swapaxes(q, -1, -2).conj() @ q, eye, atol=1e-5),
          cp.allclose(r, cp.triu(r)) if r.ndim == 2 else cp.allclose(r[0], cp.triu(r[0])),
          cp.round(cp.abs(cp.diagonal(r, axis1=-2, axis2=-1)), 4))

M = cp.array([[1.0, 2.0, 0.0], [3.0, -1.0, 2.0], [0.0, 4.0, 1.0], [2.0, 1.0, -3.0]])
for mode in ("reduced", "complete"):
    check(M, mode)            # tall 4 x 3
    check(M.T.copy(), mode)   # wide 3 x 4
    check(M[:3], mode)        # square
    check(M.astype(cp.float32), mode)
    check(M.astype(cp.complex128) * (1 - 2j), mode)
    check(M.T.astype(cp.complex64) * 1j, mode)
r = cp.linalg.qr(M, mode="r")
print(r.shape, r.dtype, cp.round(cp.abs(cp.diag(r)), 6))
print(cp.linalg.qr(M.T, mode="r").shape, cp.linalg.qr(cp.arange(6).reshape(3, 2)).__len__())
q, r = cp.linalg.qr(cp.arange(6).reshape(3, 2))
print(q.dtype, r.dtype, cp.round(cp.abs(r), 6))
B = cp.stack([M, 2 * M, M[::-1]])
check(B)
check(B, "complete")
check(cp.swapaxes(B, -1, -2))
print(cp.linalg.qr(B, mode="r").shape)
