import cupy as cp

# boolean masks: same shape, prefix of the dims, mixed with slices and ints
a = cp.array([5, -3, 8, 0, -1, 7, 2])
m = a > 1
print(a[m], a[~m], a[(a > 0) & (a % 2 == 1)])
print(a[a > 100].shape, a[a > 100])
b = cp.arange(24, dtype=cp.float32).reshape(4, 6)
print(b[b % 7 == 0])
rows = cp.array([True, False, True, True])
print(b[rows])
print(b[rows, 2:5])
print(b[rows, 1])
print(b[1:3, cp.array([True, False, False, True, True, False])])
c = cp.arange(24).reshape(2, 3, 4)
m2 = c.sum(axis=2) > 20
print(m2)
print(c[m2])
print(c[:, cp.array([True, False, True])])
print(c[..., cp.array([False, True, True, False])])
print(c[c > 20].dtype, c[c.T.T > 20].size)

# strided and transposed sources and masks
t = b.T
print(t[t > 15.0])
print(b[::2][b[::2] < 5])

# assignment through masks
a[a < 0] = 0
print(a)
b[b > 20] = -b[b > 20]
print(b)
b[rows] = 1.5
print(b)
b[rows, 0] = cp.array([7, 8, 9])
print(b)
e = cp.arange(5) * 1.0
e[cp.array([True, False, True, False, True])] = cp.array([-1.0, -2.0, -3.0])
print(e)
e[e < 0] += 10
print(e)
z = cp.zeros((3, 3), dtype=cp.int32)
z[cp.eye(3, dtype=cp.bool_)] = cp.array([1, 2, 3])
print(z)
z[z == 0] = 2.7
print(z)
f = cp.ones(6, dtype=cp.complex64)
f[cp.array([False, True, False, True, False, False])] = 2j
print(f)
cnt = cp.zeros((2, 5), dtype=cp.int32)
for i in range(4):
    cnt[cp.arange(10).reshape(2, 5) % 4 == i] = i
print(cnt)
h = cp.arange(6.0)
h[h > 2] = h[::-1][h > 2]
print(h)
