# cp.mgrid, cp.ogrid, cp.r_, cp.c_: subscripted module objects with integer, float and
# complex (number of points) steps, as NumPy.
import cupy as cp

print(cp.mgrid[0:3, 0:4])
print(cp.mgrid[0:1:3j, 1:2:0.5])
print(cp.mgrid[-1:1:5j])
print(cp.mgrid[2:10:3], cp.mgrid[5:0])
x, y = cp.ogrid[0:3, 0:5:2]
print(x, y, (x + y).shape)
print(cp.ogrid[0:1:4j])
n = 4
g = cp.mgrid[0:2:n * 1j, 0:n]
print(g.shape, g.dtype, g[0, :, 0])
print(cp.r_[1:4, 0, 8:5:-1])
print(cp.r_[cp.array([1, 2], dtype=cp.float32), 3, 0:1:3j])
print(cp.r_[cp.array([1, 2]), cp.array([3]), 7])
a = cp.array([1, 2, 3])
b = cp.array([4.5, 5.5, 6.5])
print(cp.c_[a, b])
print(cp.c_[cp.ones((2, 2), dtype=cp.int32), cp.zeros((2, 1), dtype=cp.int32)])
print(cp.c_[0:3, a * 10])
