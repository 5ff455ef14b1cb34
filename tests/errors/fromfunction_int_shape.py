import cupy as cp


def f(i):
    return i


print(cp.fromfunction(f, 3))
