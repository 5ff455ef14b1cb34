# einsum with out= (written into and returned; its dtype receives the result under casting=;
# its shape takes part in broadcasting), dtype= (the operands cast to it, the sums in it),
# casting= and order=; a lone operand that sums nothing is a view whose dtype stays its own
import sys
import cupy as cp

a = cp.arange(6, dtype=cp.float64).reshape(2, 3) - 2.0
b = cp.arange(12, dtype=cp.float64).reshape(3, 4) % 5 - 1.0
o = cp.zeros((2, 4))
r = cp.einsum('ij,jk->ik', a, b, out=o)
print(o)
r[0, 0] = 100.0                          # r is o
print(o[0, 0], r.dtype)
# out= takes part in the dtype of the computation: int8 sums in int16 here
oc = cp.zeros((2, 4), dtype=cp.complex128)
print(cp.einsum('ij,jk->ik', a, b, out=oc), oc.dtype)
n8 = cp.full((2, 3), 100, dtype=cp.int8)
o16 = cp.zeros((), dtype=cp.int16)
print(cp.einsum('ij->', n8, out=o16), o16.dtype, cp.einsum('ij->', n8))
n = cp.arange(6, dtype=cp.int32).reshape(2, 3)
of = cp.zeros(3, dtype=cp.float64)
cp.einsum('ij->j', n, out=of)
print(of)
# out= takes part in broadcasting: size-1 operand dimensions stretch to its shape
o5 = cp.zeros(5)
print(cp.einsum('i->i', cp.array([2.0]), out=o5), cp.einsum('ij->i', cp.ones((1, 3)), out=cp.zeros(4)))
print(cp.einsum('ij,jk->ik', cp.ones((1, 3)), b, out=cp.zeros((3, 4))))
# out= a view, and out= an operand (NumPy copies when they overlap)
big = cp.zeros((4, 4))
cp.einsum('ij,jk->ik', a, b, out=big[1:3, :])
print(big)
cp.einsum('ij->ji', big[:2, :2], out=big[2:, 2:])
print(big)
s = cp.arange(9, dtype=cp.float64).reshape(3, 3)
cp.einsum('ij->ji', s, out=s)
print(s)
cp.einsum('ij,jk->ik', s, s, out=s)
print(s)
cp.einsum('ii->i', s, out=s[0])
print(s)
print(cp.einsum('ij,jk', a, b, out=cp.zeros((2, 4)), optimize=False))
# dtype=: the operands are cast to it, products and sums are in it
print(cp.einsum('ij->', n8, dtype=cp.int16), cp.einsum('ij->', n8, dtype=cp.int16).dtype)
f = cp.einsum('ij,jk->ik', n, n.T.copy(), dtype=cp.float64)
print(f, f.dtype)
print(cp.einsum('ij,jk->ik', a, b, dtype='float32', casting='same_kind').dtype)
print(cp.einsum('ij,jk->ik', a, b, dtype=cp.int32, casting='unsafe'))
print(cp.einsum('i,i->', cp.array([0.5, 1.5]), cp.array([2.0, 4.0]), dtype=cp.complex128))
print(cp.einsum('ij->i', n, dtype=bool, casting='unsafe'), cp.einsum('ii->', s, dtype=cp.float32, casting='same_kind').dtype)
oz = cp.zeros((2, 4), dtype=cp.float64)
print(cp.einsum('ij,jk->ik', a.astype(cp.float32), b.astype(cp.float32), dtype=cp.float64, out=oz).dtype, oz)
print(cp.einsum('ij->i', n8, dtype=cp.int16, out=cp.zeros(2, dtype=cp.int32), casting='same_kind'))
print(cp.einsum('ij,jk->ik', a, b, dtype=None, casting='no', order='F'))
print(cp.einsum('i,i', n[0], n[1], casting='equiv', order='C'), cp.einsum('ij->j', a, order='A', casting='safe'))
# a lone operand that sums nothing is NumPy's view: dtype= and casting= are not looked at
print(cp.einsum('ij', n, dtype=cp.float64).dtype, cp.einsum('ij->ji', n, dtype=cp.int8).dtype)
print(cp.einsum('ii->i', s, dtype=cp.int8), cp.einsum('ii->i', s, dtype=cp.int8).dtype)
# run-time sizes
k = len(sys.argv)
ok = cp.zeros((k + 1, 4))
cp.einsum('ij,jk->ik', cp.ones((k + 1, 3)), b, out=ok)
print(ok)
print(cp.einsum('ij,jk->ik', cp.ones((k, 3)), b, out=cp.zeros((3, 4))))
