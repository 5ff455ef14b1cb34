# einsum with a letter repeated in one operand (the diagonal): 'ii', 'ii->i', 'iij->j',
# 'iji->j', 'iii->i', with other operands and '...'; int32, float32, float64, complex128, bool
import cupy as cp

s = cp.arange(9, dtype=cp.float64).reshape(3, 3) - 4.0
print(cp.einsum('ii', s), cp.einsum('ii->', s), cp.einsum('ii->i', s))
t = cp.arange(18, dtype=cp.float64).reshape(3, 3, 2) * 0.5
print(cp.einsum('iij->j', t), cp.einsum('iij->ij', t), cp.einsum('iij', t), cp.einsum('iij->ji', t))
u = cp.arange(18, dtype=cp.float64).reshape(3, 2, 3) % 5
print(cp.einsum('iji->j', u), cp.einsum('iji->ij', u), cp.einsum('jij->i', cp.arange(12.0).reshape(2, 3, 2)))
c3 = cp.arange(27, dtype=cp.float64).reshape(3, 3, 3)
print(cp.einsum('iii->i', c3), cp.einsum('iii', c3), cp.einsum('iij->', c3), cp.einsum('ijij->ij', cp.ones((2, 3, 2, 3)) * 2.0))
# with other operands
v = cp.array([1.0, -2.0, 0.5])
print(cp.einsum('ii,i->i', s, v), cp.einsum('ii,i', s, v), cp.einsum('ij,jj->i', s, s))
print(cp.einsum('ii,jj->ij', s, s), cp.einsum('iij,jk->ik', t, cp.ones((2, 4))))
print(cp.einsum('...ii->...i', cp.stack([s, s.T])), cp.einsum('...ii', cp.stack([s, s * 2.0])))
# NaN and inf off the diagonal stay out
w = cp.array([[1.0, cp.nan], [cp.inf, 2.0]])
print(cp.einsum('ii->i', w), cp.einsum('ii', w))
# dtypes
n = cp.arange(16, dtype=cp.int32).reshape(4, 4)
print(cp.einsum('ii', n), cp.einsum('ii', n).dtype, cp.einsum('ii->i', n), cp.einsum('ii->i', n).dtype)
f = n.astype(cp.float32) * 0.5
print(cp.einsum('ii->i', f), cp.einsum('ii', f).dtype, cp.einsum('ii,ij->j', f, f))
z = s * (1.0 + 1.0j)
print(cp.einsum('ii', z), cp.einsum('ii->i', z), cp.einsum('ii,ii->i', z, z))
b = n % 5 == 0
print(cp.einsum('ii->i', b), cp.einsum('ii', b), cp.einsum('ii', b).dtype)
print(cp.einsum('ii->i', cp.eye(3, dtype=cp.int64) * 4))
