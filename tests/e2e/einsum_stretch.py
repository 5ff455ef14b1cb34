# einsum: a letter of size 1 in one operand and n in another stretches, as NumPy broadcasts it:
# summed letters on the matmul route ('ij,jk->ik' with j of size 1 on one side), kept letters,
# '...' dimensions, several operands; sizes known at compile time and only at run time
import sys
import cupy as cp

a = cp.arange(6, dtype=cp.float64).reshape(2, 3) - 2.0
b = cp.arange(12, dtype=cp.float64).reshape(3, 4) % 5 - 1.0
a1 = cp.array([[2.0], [-1.0]])               # (2, 1): j stretches to 3
b1 = cp.array([[1.0, 2.0, -3.0, 0.5]])       # (1, 4)
print(cp.einsum('ij,jk->ik', a1, b))
print(cp.einsum('ij,jk->ik', a, b1))
print(cp.einsum('ij,jk->ik', a1, b1))
print(cp.einsum('ij,jk', a1, b), cp.einsum('ij,jk->ki', a1, b))
print(cp.einsum('ij,kj->ik', a1, b.T))
# several summed letters merged on the matmul route, one of them stretched
x = cp.arange(24, dtype=cp.float64).reshape(2, 3, 4) % 7 - 3.0
y1 = cp.arange(4, dtype=cp.float64).reshape(1, 4, 1) + 1.0
print(cp.einsum('ijk,jkl->il', x, y1))
# batch letters and a stretched summed letter
p = cp.arange(12, dtype=cp.float32).reshape(2, 2, 3) - 4.0
q = cp.arange(8, dtype=cp.float32).reshape(2, 1, 4) * 0.5
r = cp.einsum('bij,bjk->bik', p, q)
print(r, r.dtype)
# the fused product route: kept and summed letters of size 1
print(cp.einsum('ij,ij->i', a1, a), cp.einsum('ij,ij->ij', a, a1), cp.einsum('ij,ij->', a1, a))
print(cp.einsum('i,i->', cp.array([3.0]), cp.array([1.0, 2.0, 4.0])))
print(cp.einsum('i,i', cp.array([1.0, 2.0, 4.0]), cp.array([-1.0])))
# '...' dimensions broadcast as NumPy broadcasts them
e1 = cp.arange(6, dtype=cp.float64).reshape(1, 2, 3)
e2 = cp.arange(12, dtype=cp.float64).reshape(4, 1, 3) - 5.0
print(cp.einsum('...i,...i->...', e1, e2))
print(cp.einsum('...ij,...jk->...ik', cp.ones((3, 2, 1)), cp.arange(8.0).reshape(4, 2)))
# three operands: the stretched letter is still needed by a later one
c1 = cp.array([[1.0], [2.0]])                # (2, 1)
c2 = cp.arange(6, dtype=cp.float64).reshape(3, 2)
c3 = cp.arange(9, dtype=cp.float64).reshape(3, 3) - 4.0
print(cp.einsum('ij,ji,jk->k', c1, c2, c3))
print(cp.einsum('ij,jk,kl->il', a1, b, cp.ones((4, 1)) * 2.0))
# integers and bool
n1 = cp.array([[3], [-2]], dtype=cp.int32)
m = cp.arange(12, dtype=cp.int32).reshape(3, 4)
print(cp.einsum('ij,jk->ik', n1, m), cp.einsum('ij,jk->ik', n1, m).dtype)
t = cp.array([[True], [False]])
u = cp.array([[True, False, True], [False, False, True]])
print(cp.einsum('ij,jk->ik', t, u), cp.einsum('ij,jk->ik', t, u).dtype)
# sizes known only at run time: len(sys.argv) is 1 here
k = len(sys.argv)
r1 = cp.ones((2, k)) * 3.0                   # (2, 1) at run time
print(cp.einsum('ij,jk->ik', r1, b))
print(cp.einsum('ij,jk->ik', a, cp.ones((k, 4)) * -1.0))
w = k + 2                                    # 3 at run time
print(cp.einsum('ij,jk->ik', cp.ones((2, w)), b), cp.einsum('ij,jk->ik', r1, cp.ones((w, 2))))
print(cp.einsum('ij,ij->i', r1, a), cp.einsum('bij,bjk->bik', cp.ones((2, 2, k)), q))
print(cp.einsum('...i,...i->...', cp.ones((k, 2, 3)), e2))
print(cp.einsum('ijk,jkl->il', x, cp.ones((k, 4, 2))))
z = cp.zeros((0, 3))
print(cp.einsum('ij,jk->ik', z, cp.ones((k, 2))), cp.einsum('ij,jk->ik', z, cp.ones((k, 2))).shape)
print(cp.einsum('ij,ij->j', cp.ones((k, 3)), z), cp.einsum('ij,ij->j', cp.ones((k, 3)), z).shape)
