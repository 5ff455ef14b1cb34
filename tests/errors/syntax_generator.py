import cupy as cp


def chunks(x):
    for i in range(3):
        yield x[i]
