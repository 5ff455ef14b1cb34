# basic slicing views: ranges, steps, negative indexes, scalar reads; writes through views
import cupy as cp

x = cp.arange(10) * 10
print(x[1:3], x[:4], x[7:], x[-3:], x[:-7])
print(x[::-1])
print(x[::3], x[1::2], x[8:2:-2])
print(x[3], x[-1], x[-10])
m = cp.arange(20).reshape(4, 5)
print(m[:, 0])
print(m[1])
print(m[-1, :])
print(m[1:3, 1:4])
print(m[::2, ::-1])
print(m[:, -2:])
print(m[2, 3], m[-1, -1])
print(m[1:3, 2])
v = m[1:3, 1:4]
print(v.shape, v.size, v.ndim)
v[0, 0] = -1
print(m[1])
row = m[2]
row[4] = 99
print(m)
col = m[:, 1]
print(col.sum(), float(col.mean()))
e = x[5:5]
print(e, e.shape)
i = 4
print(x[i], x[i - 1] + x[i + 1], x[i:i + 3])
print(float(x[2]) + 0.5, int(x[-2]) // 3)
