# cp.fromfunction with a def: the function gets NumPy's index grids (float64 by default).
import cupy as cp


def dist(i, j):
    return cp.sqrt(i * i + j * j)


def table(i, j, scale=10):
    return i * scale + j


def first(i):
    return i * 2 + 1


print(cp.fromfunction(dist, (3, 3)))
print(cp.fromfunction(table, (2, 4), dtype=cp.int32))
t = cp.fromfunction(table, (2, 3), dtype=int)
print(t, t.dtype)
print(cp.fromfunction(first, (5,)), cp.fromfunction(first, (3,), dtype=cp.int64))
