# the output types follow the body's operations: otypes= is not supported
import cupy as cp


def twice(x):
    return x * 2


f = cp.vectorize(twice, otypes=[cp.float32])
print(f(cp.arange(3.0)))
