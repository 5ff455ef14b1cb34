import cupy as cp

A = cp.array([[4.0, 1.0, 2.0, 0.5], [1.0, 5.0, 3.0, -1.0], [2.0, 3.0, 6.0, 0.0], [0.5, -1.0, 0.0, 2.0]])


def eig_report(a, w, v, wv):
    vh = cp.conj(cp.swapaxes(v, -1, -2))
    rec = (v * w[..., None, :]) @ vh
    print(w.dtype, v.dtype, w.shape, v.shape, cp.round(w, 4), cp.allclose(rec, a, atol=1e-4),
          cp.allclose(vh @ v, cp.eye(a.shape[-1]), atol=1e-5), cp.allclose(wv, w, atol=1e-5))


def eig_lower(a):
    w, v = cp.linalg.eigh(a)
    eig_report(a, w, v, cp.linalg.eigvalsh(a))


def eig_upper(a):
    w, v = cp.linalg.eigh(a, UPLO="U")
    eig_report(a, w, v, cp.linalg.eigvalsh(a, UPLO="U"))


H = 1j * cp.array([[0.0, 1.0, 0.0, 2.0], [-1.0, 0.0, 0.5, 0.0], [0.0, -0.5, 0.0, 1.0], [-2.0, 0.0, -1.0, 0.0]])
eig_lower(A)
eig_upper(A)
print(cp.allclose(cp.linalg.eigvalsh(A, "u"), cp.linalg.eigvalsh(A, UPLO="l")))
eig_lower(A.astype(cp.float32))
eig_upper(A.astype(cp.float32))
eig_lower((A + H).astype(cp.complex64))
eig_upper((A + H).astype(cp.complex64))
eig_lower(A + H)
eig_upper(A + H)
print(cp.round(cp.linalg.eigvalsh(cp.array([[2, 1], [1, 2]])), 8), cp.linalg.eigvalsh(cp.array([[2, 1], [1, 2]])).dtype)
# only the named triangle is read
print(cp.allclose(cp.linalg.eigvalsh(cp.tril(A)), cp.linalg.eigvalsh(A)),
      cp.allclose(cp.linalg.eigvalsh(cp.triu(A), UPLO="U"), cp.linalg.eigvalsh(A)))
w, v = cp.linalg.eigh(cp.tril(A + H))
print(cp.allclose(w, cp.linalg.eigvalsh(A + H)), cp.allclose((v * w) @ cp.conj(v).T, A + H))
S = cp.stack([A, cp.eye(4) * 2, A[::-1, ::-1].copy()])
eig_lower(S)
print(cp.round(cp.linalg.eigvalsh(S), 5))


# svd: full and reduced, values only, tall / wide / square, every dtype, stacked
def svd_report(a, u, s, vh):
    k = s.shape[-1]
    rec = (u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :]
    print(u.shape, s.shape, vh.shape, u.dtype, s.dtype, vh.dtype, cp.round(s, 4),
          cp.allclose(rec, a, atol=1e-4),
          cp.allclose(cp.conj(cp.swapaxes(u, -1, -2)) @ u, cp.eye(u.shape[-1]), atol=1e-5),
          cp.allclose(vh @ cp.conj(cp.swapaxes(vh, -1, -2)), cp.eye(vh.shape[-2]), atol=1e-5),
          cp.allclose(cp.linalg.svd(a, compute_uv=False), s, atol=1e-5))


def svd_full(a):
    u, s, vh = cp.linalg.svd(a)
    svd_report(a, u, s, vh)


def svd_reduced(a):
    u, s, vh = cp.linalg.svd(a, full_matrices=False)
    svd_report(a, u, s, vh)


M = cp.array([[1.0, 2.0, 0.0], [3.0, -1.0, 2.0], [0.0, 4.0, 1.0], [2.0, 1.0, -3.0]])
svd_full(M)
svd_full(M.T)
svd_full(A)
svd_full(M.astype(cp.float32))
svd_full(M.T.astype(cp.complex64) * (1 + 1j))
svd_full(M.astype(cp.complex128) * 1j + M)
svd_full(cp.stack([M, 2 * M]))
svd_full(cp.stack([M.T, -M.T, M.T[::-1]]))
svd_reduced(M)
svd_reduced(M.T)
svd_reduced(A)
svd_reduced(M.astype(cp.float32))
svd_reduced(M.T.astype(cp.complex64) * (1 + 1j))
svd_reduced(M.astype(cp.complex128) * 1j + M)
svd_reduced(cp.stack([M, 2 * M]))
svd_reduced(cp.stack([M.T, -M.T, M.T[::-1]]))
print(cp.round(cp.linalg.svd(cp.arange(6).reshape(2, 3), compute_uv=False), 6),
      cp.linalg.svd(cp.arange(6).reshape(2, 3), compute_uv=False).dtype)
print(cp.round(cp.linalg.svd(cp.ones((3, 3), dtype=cp.complex64), compute_uv=False), 5))
sv = cp.linalg.svd(cp.stack([M, M * 3]), compute_uv=False)
print(sv.shape, cp.round(sv, 5))
