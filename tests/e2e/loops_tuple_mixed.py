# for over tuples whose elements differ in type (issue 22): the body is written out once per
# element, each copy typed (and constant-folded) on its own; break, continue and else keep
# Python's meaning.
import cupy as cp


def my_def(x):
    return x * 2


def show(*args):
    for a in args:
        print("arg", a)


def pair():
    return cp.arange(2), 1.5


def first_2d(*arrs):
    for a in arrs:
        if a.ndim == 2:
            return a.shape[1]
    return -1


def find(*arrs):
    for a in arrs:
        if a.ndim == 2:
            print("found a 2-d array of", a.dtype)
            break
        print("skipping", a)
    else:
        return 0
    return 1


# dtypes given three ways: a string, a Python type, a NumPy scalar type
for dt in ('f4', float, cp.int32):
    a = cp.ones(3, dtype=dt)
    print(a.dtype, a)
print("after:", a)

# functions: library ufuncs and a def
x = cp.arange(3, dtype=cp.float64)
for f in (cp.sin, cp.cos, my_def):
    print(f(x))

# rows of different types
for n, v in (("a", 1), ("b", 2.5), ("c", True)):
    print(n, v)

# arrays of different ndim and dtype
for x in (cp.arange(3), cp.ones((2, 2)), cp.zeros(2, dtype=cp.complex64)):
    print(x.sum(), x.ndim, x.dtype)

# a tuple held in a name, a function's *args, a call's result
t = (cp.arange(4), cp.ones((2, 3), dtype=cp.float32), 7, "seven")
for v in t:
    print(v)
show(1, "a", 2.5, cp.arange(2))
for v in pair():
    print(v * 2)
print(first_2d(cp.arange(3), cp.ones((4, 5))), first_2d(cp.arange(2)))
print(find(cp.arange(3), cp.ones((2, 2), dtype=cp.float32), cp.zeros(3)))
print(find(cp.arange(3), cp.zeros(3)))

# continue, break and else
for v in (1, "two", 3.0, cp.arange(3)):
    if isinstance(v, str):
        print("skip", v)
        continue
    print("got", v)
    if isinstance(v, float):
        break
else:
    print("no break")
for v in (1, "two"):
    if isinstance(v, float):
        break
    print("got", v)
else:
    print("no break")

# a value accumulated over elements of different types (each copy its own types)
total = 0.0
for v in (1, 2.5, cp.float32(3)):
    total = total + v
print(total, total.dtype)

# inside a loop, and a name the body binds only on a path that breaks
for i in range(3):
    found = "none"
    for k, arr in (("a", cp.arange(3) + i), ("b", cp.ones((2, 2)) * i), ("c", cp.zeros(1))):
        if arr.ndim == 2 and i > 0:
            found = k
            break
        if i == 2:
            continue
        print(i, k, arr.sum())
    print(i, "found", found)

# enumerate, over a literal and over a tuple value (its index a constant: u[i] of another tuple)
for i, dt in enumerate(('f4', float, cp.int32)):
    print(i, cp.ones(2, dtype=dt))
u = (2.5, 3, "b", False)
for i, v in enumerate(t):
    print(i, v, u[i])
for i, v in enumerate(t, start=10):
    print(i, v)


def first_str(*items):
    for i, v in enumerate(items):
        if isinstance(v, str):
            break
    return i


print(first_str(1, "a", 2.5), first_str(1, 2.5, 3.5, "x"), first_str(1, 2.5))

# a str compared with a number is False, as in Python; a break in the first element's copy
for v in (1, "x", 2.5):
    print(v == "x", v != 1)
for d in ('a', 2.5):
    if d == 'a':
        break
    print(d)
else:
    print("no break")

# str dtypes of one type, a str variable as a dtype, a list of dtypes
for dt in ('f4', 'f8'):
    print(cp.ones(2, dtype=dt).dtype)
name = 'i2'
print(cp.zeros(2, name).dtype, cp.arange(3).astype(name).dtype)
formats = [cp.int32, cp.float32]
for f in formats:
    print(cp.zeros(2, dtype=f).dtype)

# a function bound in the body: after the loop the name holds what the last copy bound
for x in (cp.arange(3), cp.ones((2, 2))):
    op = cp.sum
    if x.ndim == 2:
        op = cp.max
        continue
    print(op(x))
print(op(cp.arange(4)))


def describe(*xs):
    out = []
    for x in xs:
        if isinstance(x, str):
            return x
        if x.ndim == 0:
            continue
        out.append(x.shape[0])
    return str(out)


# a copy that returns on every path ends the copies (the int after it is never compiled)
print(describe(cp.arange(2), cp.float32(1), "s", 3), describe(cp.ones(3), cp.zeros((4, 2))))

# zip of names bound to tuples (a tuple of dtypes, of numbers of two types) and literals
dtypes = (cp.float32, cp.int64, cp.complex64)
tols = (1e-3, 0, 1e-5)
for dt, tol, label in zip(dtypes, tols, ("single", "long", "complex")):
    print(label, cp.ones(2, dtype=dt) * 2, tol)
for a, b in zip(t, ("x", 2.5, "z")):
    print(a, b)
for pair_ in zip(("q", 7), ("x", "y", "unused")):
    print(pair_)
