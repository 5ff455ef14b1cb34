# einsum over three and more operands (contracted pairwise from the left), with '...',
# implicit output and optimize=; int32, float32, float64, complex128 and mixed dtypes
import cupy as cp

a = cp.arange(6, dtype=cp.float64).reshape(2, 3) * 0.5 - 1.0
b = cp.arange(12, dtype=cp.float64).reshape(3, 4) % 5 - 2.0
c = cp.arange(20, dtype=cp.float64).reshape(4, 5) % 3 + 0.25
d = cp.arange(5, dtype=cp.float64) - 1.5
print(cp.einsum('ij,jk,kl->il', a, b, c))
print(cp.einsum('ij,jk,kl', a, b, c))
print(cp.einsum('ij,jk,kl->li', a, b, c))
print(cp.einsum('ij,jk,kl,l->i', a, b, c, d))
print(cp.einsum('ij,jk,kl,l', a, b, c, d, optimize=True))
print(cp.einsum('ij,jk,kl,l->', a, b, c, d, optimize='greedy'))
print(cp.einsum('i,j,k->ijk', a[0], b[0], d).shape, cp.einsum('i,j,k->ijk', a[0], b[0], d)[1])
print(cp.einsum('i,i,i->', d, d, d), cp.einsum('i,i,i->i', d, d, d))
print(cp.einsum('ij,ij,ij->ij', a, a, a), cp.einsum('ij,ij,ij', a, a, a))
# a label of the first operand summed only after the last one, labels kept for later operands
print(cp.einsum('ij,kl,jk->il', a, c, b))
print(cp.einsum('ij,ki,jl->kl', a, b.T[:, :2], b))
print(cp.einsum('bij,bjk,bkl->bil', cp.stack([a, a * 2.0]), cp.stack([b, b - 1.0]), cp.stack([c, c * 0.5])))
print(cp.einsum('...ij,jk,k->...i', cp.stack([a, -a]), b, c[:, 0]))
# several contracted and free labels per pair (one matmul each)
t = cp.arange(60, dtype=cp.float64).reshape(3, 4, 5) % 7 - 3.0
u = cp.arange(40, dtype=cp.float64).reshape(4, 5, 2) % 4
print(cp.einsum('ijk,jkl->il', t, u))
print(cp.einsum('ijk,jkl,lm->im', t, u, a.T[:2]))
print(cp.einsum('ijk,lm->ijklm', t, a).shape, cp.einsum('ijk,jk->i', t, t[0]))
# float32, int32, complex, mixed
f = a.astype(cp.float32)
g = b.astype(cp.float32)
print(cp.einsum('ij,jk,kl->il', f, g, c.astype(cp.float32)), cp.einsum('ij,jk,kl->il', f, g, c.astype(cp.float32)).dtype)
ni = cp.arange(6, dtype=cp.int32).reshape(2, 3) - 2
nj = cp.arange(12, dtype=cp.int32).reshape(3, 4) % 5
nk = cp.arange(8, dtype=cp.int32).reshape(4, 2) - 3
r = cp.einsum('ij,jk,kl->il', ni, nj, nk)
print(r, r.dtype, cp.einsum('i,i,i', ni[0], ni[1], nj[:, 0]), cp.einsum('i,i,i', ni[0], ni[1], nj[:, 0]).dtype)
print(cp.einsum('ij,jk,kl->il', ni, g, nk).dtype, cp.einsum('ij,jk,kl->il', ni, g, nk))
print(cp.einsum('ij,jk,kl->il', ni.astype(cp.int8), nj.astype(cp.int8), nk).dtype)
z = a * (1.0 + 2.0j)
print(cp.einsum('ij,jk,kl->il', z, b, c * 1j))
print(cp.einsum('i,i,i', z[0], z[1], z[0]).dtype, cp.einsum('i,i,i', z[0], z[1], z[0]))
tb = cp.array([True, False, True])
print(cp.einsum('i,i,i->', tb, tb, tb), cp.einsum('i,j,k->ijk', tb, tb, tb).dtype)
