# Optional values: None as a default argument, `x = None` then a value on some paths,
# `x is None` / `x is not None` tested at compile time where known, at run time otherwise
import cupy as cp


def double(a, out=None):
    if out is None:
        out = cp.empty_like(a)
    out[...] = a * 2
    return out


def scaled(a, scale=None, shift=None):
    if scale is not None:
        a = a * scale
    if shift is None or shift == 0:
        return a
    return a + shift


def best_row(m):
    # None before the loop, the best row after it
    best = None
    for i in range(m.shape[0]):
        row = m[i]
        if best is None or float(row.sum()) > float(best.sum()):
            best = row
    return best


def pick_max(x, limit):
    # None on one path, a 0-d array on the other, tested at run time
    found = None
    if float(x.sum()) > limit:
        found = x.max()
    if found is not None:
        print('found', found)
    else:
        print('none above', limit)
    return found is None


def first_negative(x):
    # an int or None through a loop with break
    hit = None
    for i in range(x.shape[0]):
        if float(x[i]) < 0:
            hit = i
            break
    if hit is None:
        return -1
    return hit * 10


x = cp.arange(4.0)
print(double(x))
y = cp.zeros(4)
print(double(x, y), y)
print(double(x, out=y))
print(scaled(x), scaled(x, 2.0), scaled(x, scale=3), scaled(x, shift=1), scaled(x, 2, 0.5))
print(best_row(cp.array([[1.0, 2.0], [5.0, -1.0], [0.5, 3.0]])))
print(pick_max(x, 1.0), pick_max(x, 100.0))
print(first_negative(cp.array([3.0, 1.0, -2.0, 4.0])), first_negative(x))
