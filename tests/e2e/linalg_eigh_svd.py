import cupy as cp

A = cp.array([[4.0, 1.0, 2.0, 0.5], [1.0, 5.0, 3.0, -1.0], [2.0, 3.0, 6.0, 0.0], [0.5, -1.0, 0.0, 2.0]])

def eig_check(a, uplo="L"):
    w, v = cp.linalg.eigh(a, UPLO=uplo)
    vh = cp.swapaxes(v, -1, -2).conj()
    rec = (v * w[..., None, :]) @ vh
    print(w.dtype, v.dtype, w.shape, v.shape, cp.round(w, 4), cp.allclose(rec, a, atol=1e-4),
          cp.allclose(vh @ v, cp.eye(a.shape[-1]), atol=1e-5),
          cp.allclose(cp.linalg.eigvalsh(a, UPLO=uplo), w, atol=1e-5))

eig_check(A)
eig_check(A, "U")
for dt in (cp.float32, cp.complex64, cp.complex128):
    Ad = A.astype(dt)
    if dt in (cp.complex64, cp.complex128):
        Ad = Ad + 1j * cp.array([[0.0, 1.0, 0.0, 2.0], [-1.0, 0.0, 0.5, 0.0], [0.0, -0.5, 0.0, 1.0],
                                 [-2.0, 0.0, -1.0, 0.0]], dtype=dt)
    eig_check(Ad)
    eig_check(Ad, "U")
print(cp.round(cp.linalg.eigvalsh(cp.array([[2, 1], [1, 2]])), 8), cp.linalg.eigvalsh(cp.array([[2, 1], [1, 2]])).dtype)
# only the named triangle is read
T = cp.tril(A)
print(cp.allclose(cp.linalg.eigvalsh(T), cp.linalg.eigvalsh(A)), cp.allclose(cp.linalg.eigvalsh(cp.triu(A), UPLO="U"), cp.linalg.eigvalsh(A)))
S = cp.stack([A, cp.eye(4) * 2, A[::-1, ::-1].copy()])
eig_check(S)
print(cp.round(cp.linalg.eigvalsh(S), 5))

# svd: full and reduced, values only, tall / wide / square, every dtype, stacked
def svd_check(a, full=True):
    u, s, vh = cp.linalg.svd(a, full_matrices=full)
    k = s.shape[-1]
    rec = (u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :]
    m, n = a.shape[-2], a.shape[-1]
    print(full, u.shape, s.shape, vh.shape, u.dtype, s.dtype, vh.dtype, cp.round(s, 4),
          cp.allclose(rec, a, atol=1e-4),
          cp.allclose(cp.swapaxes(u, -1, -2).conj() @ u, cp.eye(u.shape[-1]), atol=1e-5),
          cp.allclose(vh @ cp.swapaxes(vh, -1, -2).conj(), cp.eye(vh.shape[-2]), atol=1e-5),
          cp.allclose(cp.linalg.svd(a, compute_uv=False), s, atol=1e-5), m, n)

M = cp.array([[1.0, 2.0, 0.0], [3.0, -1.0, 2.0], [0.0, 4.0, 1.0], [2.0, 1.0, -3.0]])
for full in (True, False):
    svd_check(M, full)
    svd_check(M.T, full)
    svd_check(A, full)
    svd_check(M.astype(cp.float32), full)
    svd_check(M.T.astype(cp.complex64) * (1 + 1j), full)
    svd_check(M.astype(cp.complex128) * 1j + M, full)
    svd_check(cp.stack([M, 2 * M]), full)
    svd_check(cp.stack([M.T, -M.T, M.T[::-1]]), full)
print(cp.round(cp.linalg.svd(cp.arange(6).reshape(2, 3), compute_uv=False), 6), cp.linalg.svd(cp.arange(6).reshape(2, 3), compute_uv=False).dtype)
print(cp.round(cp.linalg.svd(cp.ones((3, 3), dtype=cp.complex64), compute_uv=False), 5))
sv = cp.linalg.svd(cp.stack([M, M * 3]), compute_uv=False)
print(sv.shape, cp.round(sv, 5))
