# einsum with '...': explicit and implicit output, broadcast dimensions of different counts
# and sizes, int32 / float32 / float64 / complex128
import cupy as cp

x = cp.arange(24, dtype=cp.float64).reshape(2, 3, 4) % 7 - 2.5
y = cp.arange(20, dtype=cp.float64).reshape(4, 5) % 3 - 1.0
print(cp.einsum('...ij,jk->...ik', x, y))
print(cp.einsum('...ij,jk', x, y).shape)
print(cp.einsum('...j,j', x, y[:, 0]))
print(cp.einsum('...ij->...ji', x).shape, cp.einsum('...ij->...ji', x)[1])
print(cp.einsum('i...->...', x))
print(cp.einsum('...', x).shape, cp.einsum('ij...', x).shape, cp.einsum('ij...->...', x))
print(cp.einsum('a...b->ba...', x).shape, cp.einsum('a...b->ba...', x)[3])
print(cp.einsum('...ij,...jk->...ik', x, x.transpose(0, 2, 1)))
# broadcasting the ellipsis dimensions: (2, 1, 3, 4) with (5, 4, 2) -> (2, 5, 3, 2)
p = cp.arange(24, dtype=cp.float32).reshape(2, 1, 3, 4) * 0.25
q = cp.arange(40, dtype=cp.float32).reshape(5, 4, 2) % 6
r = cp.einsum('...ij,...jk->...ik', p, q)
print(r.shape, r.dtype)
print(r)
print(cp.einsum('...i,...i->...', p, p[0, 0]))
print(cp.einsum('...i,i...->...', cp.ones((2, 3), dtype=cp.float32), cp.arange(6, dtype=cp.float32).reshape(3, 2)))
# ellipsis in the middle, of zero dimensions, and output without '...' when nothing is broadcast
print(cp.einsum('i...k,k->i...', x, y[:, 1]))
print(cp.einsum('...ij->ij', y), cp.einsum('ij...->', y), cp.einsum('ij->...ij', y).shape)
print(cp.einsum('...,...', x[0, 0], x[1, 2]), cp.einsum('...,...->...', x[0], x[1]))
# int32 keeps its dtype in the sums; bool
n = cp.arange(12, dtype=cp.int32).reshape(2, 2, 3)
m = cp.arange(6, dtype=cp.int32).reshape(3, 2) - 2
print(cp.einsum('...ij,jk->...ik', n, m), cp.einsum('...ij,jk->...ik', n, m).dtype)
print(cp.einsum('...i->...', n), cp.einsum('...i->...', n).dtype, cp.einsum('b...->...', n))
t = n % 3 == 0
print(cp.einsum('...i,...i->...', t, t), cp.einsum('...i,...i->...', t, t).dtype)
# complex
z = (cp.arange(12, dtype=cp.float64).reshape(2, 2, 3) - 4.0) * (1.0 - 0.5j)
w = cp.array([[1j, 2.0], [0.5, -1j], [1.0 + 1j, 3.0]])
print(cp.einsum('...ij,jk->...ki', z, w))
print(cp.einsum('...i,...i', z, z), cp.einsum('...i,...i', z, z).dtype)
# mixed dtypes promote: int32 with float32 -> float64
print(cp.einsum('...i,i->...', n, cp.array([0.5, 1.5, -1.0], dtype=cp.float32)).dtype)
