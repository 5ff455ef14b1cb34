import cupy as cp


def f(a, b, c=1):
    return a * b + c


def bench(func, args, n):
    out = []
    for _ in range(n):
        out.append(func(*args))
    return out


t = (2, 3)
print(f(*t))
print(f(1, *t))
print(bench(f, (4, 5), 2))
A = cp.arange(6.0).reshape(2, 3)
B = cp.ones((3, 2))
print(bench(cp.dot, (A, B), 1)[0])
shp = (3,)
print(cp.zeros(*shp))
E = cp.ndarray((2, 2), dtype=cp.float64)
E[:] = 1.5
print(E)
