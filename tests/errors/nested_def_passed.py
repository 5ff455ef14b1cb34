import cupy as cp


def apply(f, x):
    return f(x)


def outer(k):
    def scale(x):
        return x * k
    return apply(scale, cp.arange(3))


print(outer(2))
