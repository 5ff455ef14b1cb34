import cupy as cp


def outer(x):
    def inner(y):
        return y * 2
    return inner(x)
