# pad modes reflect / symmetric / wrap, insert, delete, resize
import cupy as cp

a = cp.arange(4)
print(cp.pad(a, 2, mode='reflect'))
print(cp.pad(a, (3, 1), mode='symmetric'))
print(cp.pad(a, 2, mode='wrap'))
print(cp.pad(a, 9, mode='reflect'))
print(cp.pad(a, 9, mode='symmetric'))
print(cp.pad(a, (6, 5), mode='wrap'))
print(cp.pad(cp.array([7]), 3, mode='reflect'))
m = cp.arange(6, dtype=cp.float32).reshape(2, 3)
print(cp.pad(m, 1, mode='reflect'))
print(cp.pad(m, ((1, 0), (2, 3)), mode='wrap'))
print(cp.pad(m, ((0, 2), (1, 1)), mode='symmetric'))

x = cp.arange(5)
print(cp.delete(x, 1), cp.delete(x, [0, 2]), cp.delete(x, -1), cp.delete(x, cp.array([4, 0, 4])))
g = cp.arange(12).reshape(3, 4)
print(cp.delete(g, 1, axis=0))
print(cp.delete(g, [0, 3], axis=1))
print(cp.delete(g, 5))
print(cp.delete(g, cp.array([True, False, True, False]), axis=1))

print(cp.insert(x, 1, 9), cp.insert(x, 5, 9), cp.insert(x, -1, 9))
print(cp.insert(x, 2, [7, 8, 9]))
print(cp.insert(x, [1, 3], [-1, -3]))
print(cp.insert(x, [3, 1, 3], 0))
print(cp.insert(x.astype(cp.float64), 0, 2.5))
print(cp.insert(g, 1, 0, axis=0))
print(cp.insert(g, 2, cp.array([10, 20, 30]), axis=1))
print(cp.insert(g, [0, 4], -1, axis=1))
print(cp.insert(g, 3, 99))

print(cp.resize(cp.arange(3), (2, 4)))
print(cp.resize(cp.arange(6).reshape(2, 3), (3, 3)))
print(cp.resize(cp.array([1.5, 2.5]), 5))
print(cp.resize(cp.arange(4), (2, 0)).shape)

t = cp.arange(6).reshape(2, 3).T
c = cp.ascontiguousarray(t)
print(c, c.shape)
d = cp.arange(4)
e = cp.ascontiguousarray(d)
e[0] = 100
print(d, cp.ascontiguousarray(cp.arange(3), dtype=cp.float32), cp.ascontiguousarray(cp.float32(2.5)).shape)
