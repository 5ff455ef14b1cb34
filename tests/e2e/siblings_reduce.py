# Sibling reductions (compiler/siblings.c): reductions of one block over the same rows run as
# one kernel at -O2, each thread keeping one accumulator per full reduction and per column of
# an axis-0 reduction.  Each case checks one path: 1-d and 2-d members, every accumulator
# kind, broadcast and strided inputs, the run-time fallback (more than 4 columns, rows that
# differ, no rows), and reductions that must stay apart (input written in between, one
# reading another's result, a print in between).
import cupy as cp


def data(shape, dtype, k):
    n = cp.zeros(shape, dtype=cp.int8).size
    return (cp.sin(cp.arange(n, dtype=cp.float64) * k) * 3.0).astype(dtype).reshape(shape)


x = data((3001,), cp.float32, 0.37)
y = data((3001,), cp.float32, 0.11)
X = data((3001, 3), cp.float64, 0.013)

# full reductions of 1-d arrays: sum, prod-free kinds of every accumulator
a = x.sum()
b = (x * y).sum()
c = x.max()
d = y.min()
e = cp.mean(x - y)
f = cp.any(x > 2.9)
g = cp.all(y > -3.5)
h = (x > 0).astype(cp.int64).sum()
print(a, b, c, d, e, f, g, h)

# axis-0 reductions of a 2-d array with full reductions beside them
s1 = X.sum(axis=0)
s2 = (X * X).sum(axis=0)
s3 = X.max(axis=0, keepdims=True)
t1 = X.mean()
t2 = X.min()
print(s1, s2, s3, t1, t2)

# broadcast inputs: a row vector (D,), a column (N, 1), a scalar array
mu = cp.array([0.5, -0.25, 1.0])
col = X[:, 1:2]
u1 = ((X - mu) * (X - mu)).sum(axis=0)
u2 = (X * col).sum(axis=0)
u3 = (X[:, 0] * 2.0).sum()
print(u1, u2, u3)

# strided inputs: every other column, every other row
Y = data((2000, 6), cp.float32, 0.05)
v1 = Y[::2, ::2].sum(axis=0)
v2 = Y[::2, 1].sum()
v3 = Y[1::2, 0].max()
print(v1, v2, v3)

# fallback: 5 columns (more than a thread keeps), rows that differ, no rows
Z = data((500, 5), cp.float32, 0.21)
w1 = Z.sum(axis=0)
w2 = (Z * Z).sum(axis=0)
print(w1, w2)
p = x[:1000].sum()
q = x[:2000].sum()
print(p, q)
empty = x[:0]
r1 = empty.sum()
r2 = (empty * 2.0).sum()
print(r1, r2)

# must stay apart: the input written in between; one reading another's result; a print
z = data((1000,), cp.float32, 0.3)
m1 = z.sum()
z[0] = 100.0
m2 = (z * 2.0).sum()
print(m1, m2)
n1 = z.sum()
n2 = (z - n1).sum()
print(n1, n2)
o1 = z.max()
print(o1)
o2 = z.min()
print(o2)

# a function: members see its arguments
def stats(v, w):
    return v.sum(), (v * w).sum(), cp.abs(v - w).max()


s_a, s_b, s_c = stats(x, y)
print(s_a, s_b, s_c)
s_a, s_b, s_c = stats(y[::3], x[::3])
print(s_a, s_b, s_c)
