# apply_along_axis and piecewise with def functions, cupy routines and constants.
import cupy as cp


def span(row):
    return row.max() - row.min()


def normalise(row, scale):
    return (row - row.mean()) * scale


def outer_self(row):
    return cp.outer(row, row)


def first_last(row, k=1):
    return cp.array([row[0] * k, row[-1] * k])


a = cp.arange(24.0).reshape(2, 3, 4) ** 1.5
m = cp.array([[3, 1, 2], [9, 7, 8], [4, 6, 5]])
print(cp.apply_along_axis(span, 0, m))
print(cp.apply_along_axis(span, 1, m))
print(cp.apply_along_axis(span, -1, a))
print(cp.apply_along_axis(normalise, 1, m, 2.0))
print(cp.apply_along_axis(normalise, 0, a, scale=0.5).shape)
print(cp.apply_along_axis(cp.sort, 1, m))
print(cp.apply_along_axis(cp.sum, 2, a))
print(cp.apply_along_axis(outer_self, 1, m[:2]))
print(cp.apply_along_axis(outer_self, 0, m).shape)
print(cp.apply_along_axis(first_last, 1, a, k=10))
print(cp.apply_along_axis(first_last, 0, cp.arange(5)))
print(cp.apply_along_axis(len, 1, m))

x = cp.linspace(-2.0, 2.0, 9)


def square(v, off=0.0):
    return v * v + off


def shifted(v, off):
    return v + off


print(cp.piecewise(x, [x < 0, x >= 0], [-1, 1]))
print(cp.piecewise(x, [x < -1, x > 1], [square, shifted, 0.5], 10.0))
print(cp.piecewise(x, [x < 0], [cp.abs, square]))
print(cp.piecewise(x, [x > 5], [square, 7]))
print(cp.piecewise(x, (x < 0, x > 0), (0, cp.sqrt, 3)))
i = cp.arange(-3, 4)
print(cp.piecewise(i, [i < 0, i > 1], [5, square]))
print(cp.piecewise(x, [x < 0], [square, shifted], off=0.25))
