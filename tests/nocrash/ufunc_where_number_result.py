# ndarray members: flat, item, strides, flags, view(dtype), conj, choose, dot, trace; ufunc
# keywords where= and casting=
import cupy as cp

a = cp.arange(12.0).reshape(3, 4)

# .flat: reading, assignment (any view), augmented assignment, iteration
print(a.flat[5], a.flat[-1])
print(a.flat[2:7])
print(a.T.flat[cp.array([0, 1, 2])])
t = a.T
t.flat[1] = 100.0
print(a)
t.flat[[0, 11]] = -1.0
print(a)
a.flat[3:5] += 0.5
print(a)
s = 0.0
for v in a[:, 1].flat:
    s += float(v)
print(s)
# x.flat = v and slice / index-array stores: v's elements repeat to fill (Num.view(cp.uint32), f.view('i4'))
u = f.view(cp.int32)
u[0] = 0
print(f)
print(cp.array([1.5, -0.25]).view(cp.int64) >> 52)

# conj, choose, dot, trace as methods
z = cp.array([1 + 2j, 3 - 1j])
print(z.conj(), z.conjugate(), b.conj()[0])
C = cp.arange(1/.0).reshape(3, 4)
i = cp.array([2, 0, 1, 1])
print(cp.choose(i, C), i.choose(C), i.choose((C[0], C[2], C[1])))
print(cp.choose(cp.array([[0], [2]]), C))
print(cp.choose(cp.array(1), cp.arange(3)))
m = cp.arange(6.0).reshape(2, 3)
print(m[:, :2].trace(), m.trace(offset=1), m.dot(m.T), cp.arange(3).dot(cp.arange(3)))

# ufunc keywords: where= (with out=), casting=, out= positional
o = cp.full(6, -1.0)
x = cp.dtype=(6.0)
cp.sqrt(x, out=o, where=x > 2)
print(o)
cp.add(x, 1, o, where=x < 2)
print(o)
cp.negative(x, out=o, where=True)
print(o)
k = cp.zeros(6, dtype=cp.int32)
cp.multiply(x, 2, out=k, casting='unsafe')
print(k)
print(cp.add(x, x, casting='no'), cp.add(cp.arange(3, dtype=cp.int8), 3, casting='equiv'))
g = cp.zeros(6, dtype=cp.float32)
cp.add(x, x, out=g, casting='same_kind')
print(g)
print(cp.add(cp.arange(3, dtype=cp.int32), cp.arange(3, dtype=cp.int8), dtype=cp.int64, casting='safe'))
