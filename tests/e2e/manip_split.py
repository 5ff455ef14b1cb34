# split and friends return lists of views
import cupy as cp

parts = cp.split(cp.arange(9), 3)
print(parts[0], parts[1], parts[2], len(parts))
l, r = cp.array_split(cp.arange(5), 2)
print(l, r)
print(cp.array_split(cp.arange(7), 3))
m = cp.arange(12).reshape(3, 4)
a, b = cp.split(m, 2, axis=1)
print(a)
print(b)
for p in cp.split(m, [1, 2]):
    print(p.shape)
h = cp.hsplit(m, 2)
print(h[0], h[1])
v = cp.vsplit(m, [1])
print(v[1])
x, y, z = cp.split(cp.arange(10), (3, 7))
print(x, y, z)
q = cp.array_split(m, 2, axis=0)
q[0][0, 0] = 100
print(m[0])
d = cp.dsplit(cp.arange(8).reshape(1, 2, 4), 2)
print(d[1])
