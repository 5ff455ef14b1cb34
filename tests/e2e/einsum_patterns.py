# einsum: the common patterns, explicit and implicit output, int / float32 / float64
import cupy as cp

a = cp.arange(6, dtype=cp.float64).reshape(2, 3) * 0.5 - 1.0
b = cp.arange(12, dtype=cp.float64).reshape(3, 4) % 5 - 2.0
print(cp.einsum('ij,jk->ik', a, b))
print(cp.einsum('ij,jk', a, b))
print(cp.einsum('ij,kj->ik', a, a))
print(cp.einsum('ji,jk->ik', a, a.T.T))
print(cp.einsum('ij,jk->ki', a, b))
x = cp.arange(24, dtype=cp.float32).reshape(2, 3, 4) % 7
y = cp.arange(40, dtype=cp.float32).reshape(2, 4, 5) % 3
print(cp.einsum('bij,bjk->bik', x, y))
print(cp.einsum('bij,bjk->bik', x, y).dtype)
print(cp.einsum('ij->ji', a))
print(cp.einsum('ji', a))
s = cp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]])
print(cp.einsum('ii->', s), cp.einsum('ii', s), cp.einsum('ii->i', s))
u = cp.array([1.0, 2.0, 3.0])
v = cp.array([0.5, -1.0, 2.0, 4.0])
print(cp.einsum('i,j->ij', u, v))
print(cp.einsum('i,j', u, v))
print(cp.einsum('i,i->', u, u), cp.einsum('i,i', u, u))
print(cp.einsum('ij->', a), cp.einsum('ij->i', a), cp.einsum('ij->j', a))
print(cp.einsum('ij,ij->ij', a, a), cp.einsum('ij,ij->', a, a), cp.einsum('ij,ij->i', a, a))
print(cp.einsum('ij,j->i', a, u), cp.einsum('i,ij->j', v[:2], a))
n = cp.arange(6, dtype=cp.int32).reshape(2, 3)
m = cp.arange(12, dtype=cp.int32).reshape(3, 4)
print(cp.einsum('ij,jk->ik', n, m), cp.einsum('ij,jk->ik', n, m).dtype)
print(cp.einsum('ij->', n), cp.einsum('ij->', n).dtype, cp.einsum('ij->j', n))
print(cp.einsum('ij,jk->ik', n, b), cp.einsum('ij,jk->ik', n, b).dtype)
print(cp.einsum('ii->i', cp.eye(3, dtype=cp.int64) * 4))
# batched with the batch letter elsewhere, contractions over several letters, reorders
print(cp.einsum('ijk,ikl->ijl', x, y))
print(cp.einsum('bij,bkj->bik', x, x))
print(cp.einsum('ij,jk->', a, b), cp.einsum('ij,ij->ji', a, a))
print(cp.einsum('ijk->kj', x), cp.einsum('ijk->', x), cp.einsum('ijk,ijk->i', x, x))
f = a.astype(cp.float32)
print(cp.einsum('ij,kj', f, f), cp.einsum('ij,kj', f, f).dtype)
t = cp.array([True, False, True])
w = cp.array([False, False, True])
print(cp.einsum('i,i->', t, w), cp.einsum('i,j->ij', t, w), cp.einsum('i,i->i', t, w))
print(cp.einsum('i,i->', t, t & w).dtype, cp.einsum('ij->i', cp.array([[True, False], [False, False]])))
