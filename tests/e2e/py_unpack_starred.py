# Starred assignment targets: `a, *rest = xs` of a list (run-time length), a tuple (the rest a
# list), an array (the rest a list of its rows), in for targets, nested, in a function
import cupy as cp

a, *rest = [1, 2, 3, 4]
print(a, rest)
*init, last = (1, 2, 3)
print(init, last)
first, *mid, end = 'x', 'y'
print(first, mid, end)
h, *t = cp.arange(6).reshape(3, 2)
print(h, t)
for p, *q in [[1, 2, 3], [4, 5]]:
    print(p, q)
(x, *y), z = [1, 2], 3
print(x, y, z)


def f(xs):
    u, *v, w = xs
    return u + w + len(v)


print(f([1, 2, 3, 4, 5]), f([7, 8]))
*all_of_them, = [5.5, 6.5]
print(all_of_them)
