# roll, tile and repeat: new arrays built from broadcast views
import sys
import cupy as cp

a = cp.arange(6)
m = a.reshape(2, 3)
k = len(sys.argv) + 1       # 2 when run without arguments
print(cp.roll(a, 2), cp.roll(a, -1), cp.roll(a, k), cp.roll(a, 13))
print(cp.roll(m, 1, axis=1), cp.roll(m, 1), cp.roll(m, -1, axis=0))
print(cp.roll(m, (1, 1), axis=(0, 1)))
print(cp.roll(cp.arange(24).reshape(2, 3, 4), 1, axis=2)[1])
print(cp.tile(cp.array([1, 2]), 3), cp.tile(cp.array([[1, 2]]), (2, 2)))
print(cp.tile(m, 2))
print(cp.tile(m, (2, 1, 2)).shape, cp.tile(cp.array([0.5, 1.5]), (3, 1)))
print(cp.tile(m, (k, 1)))
print(cp.repeat(cp.array([1, 2, 3]), 2), cp.repeat(m, 2, axis=0))
print(cp.repeat(m, 3, axis=1), cp.repeat(m, 2))
print(m.repeat(k, axis=1))
print(cp.repeat(cp.array([7, 8, 9]), cp.array([1, 0, 3])))
print(cp.repeat(m, [2, 1], axis=0))
print(cp.repeat(m, cp.array([0, 2, 1]), axis=1))
print(cp.repeat(cp.array([1.5, 2.5]), 0).shape)
