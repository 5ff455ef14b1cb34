import cupy as cp

x = 1
x = cp.zeros(3)


def f(n):
    return n + 1
