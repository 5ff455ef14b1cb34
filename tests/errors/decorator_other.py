import cupy as cp


@cp.sum
def add(x, y):
    return x + y
