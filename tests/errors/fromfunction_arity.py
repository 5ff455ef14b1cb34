import cupy as cp


def f(i, j):
    return i + j


print(cp.fromfunction(f, (2, 3, 4)))
