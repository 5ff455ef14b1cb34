# einsum of one operand that sums nothing (no out=) is a writeable view of it, as NumPy's
# and CuPy's: writes through the result reach the operand and later writes to the operand are
# seen through the result.  A sum ('ii', 'ij->i') or out= stays a copy.
import cupy as cp

a = cp.arange(9.0).reshape(3, 3)
d = cp.einsum('ii->i', a)          # the diagonal, a view
d[0] = 99.0
print(a)
a[1, 1] = -5.0
print(d)
d += 1.0
print(a)

t = cp.einsum('ij->ji', a)         # transpose view
t[0, 2] = 7.0
print(a)
a[0, 1] = 42.0
print(t)

b = cp.arange(24).reshape(2, 3, 4)
r = cp.einsum('ijk->kji', b)
r[3, 1, 0] = -1
print(b)
b[1, 2, 3] = 1000
print(r[3, 2, 1])

c = cp.arange(18).reshape(2, 3, 3)
e = cp.einsum('...ii->...i', c)     # batched diagonal
e[1] = 0
print(c)
c[0, 2, 2] = 77
print(e)

f = cp.arange(18).reshape(3, 2, 3)
g = cp.einsum('iji->ij', f)         # diagonal of axes 0 and 2
g[2, 1] = 500
print(f)

h = cp.arange(27).reshape(3, 3, 3)
k = cp.einsum(h, [0, 0, 0], [0])    # interleaved form, a triple diagonal
k[1] = -13
print(h[1])

m = cp.arange(12.0).reshape(3, 4).T   # a view of a transposed (non-contiguous) base
n = cp.einsum('ij->ji', m)
n[2, 1] = 0.5
print(m)

p = cp.arange(9).reshape(3, 3)
q = cp.einsum('ii->i', p, dtype=cp.float64)   # dtype= is not looked at: an int64 view
q[2] = 3
print(q.dtype, p)

s = cp.arange(9.0).reshape(3, 3)
tr = cp.einsum('ii', s)            # trace: a sum, a new value
sm = cp.einsum('ij->i', s)         # a sum over j: a copy
o = cp.zeros(3)
w = cp.einsum('ii->i', s, out=o)   # out=: the result is written into o
s[0, 0] = 100.0
print(tr, sm, w, o)
sm[0] = -1.0
w[1] = -2.0
print(s)

# optimize= does not change it: still a view
u = cp.arange(4.0).reshape(2, 2)
v = cp.einsum('ii->i', u, optimize=True)
v[1] = 9.0
x = cp.einsum('ij->ji', u, optimize='greedy')
u[1, 0] = 8.0
print(u, x)
