import cupy as cp

# empty matrices and empty batches: no cuSOLVER call, NumPy's shapes and values
z = cp.zeros((0, 0))
print(cp.linalg.inv(z).shape, cp.linalg.det(z), cp.linalg.slogdet(z)[0], cp.linalg.slogdet(z)[1])
print(cp.linalg.solve(z, cp.zeros(0)).shape, cp.linalg.cholesky(z).shape)
w, v = cp.linalg.eigh(z)
print(w.shape, v.shape, cp.linalg.eigvalsh(z).shape)
u, s, vh = cp.linalg.svd(cp.zeros((0, 3)))
print(u.shape, s.shape, vh.shape, vh)
u, s, vh = cp.linalg.svd(cp.zeros((3, 0)))
print(u.shape, s.shape, vh.shape, u)
print(cp.linalg.svd(cp.zeros((2, 0)), compute_uv=False).shape)
q, r = cp.linalg.qr(cp.zeros((0, 3)))
print(q.shape, r.shape)
q, r = cp.linalg.qr(cp.zeros((3, 0)), mode="complete")
print(q.shape, r.shape, q)
print(cp.linalg.inv(cp.zeros((2, 0, 0))).shape, cp.linalg.det(cp.zeros((0, 3, 3))).shape)
print(cp.linalg.solve(cp.eye(3), cp.zeros((3, 0))).shape)
