import cupy as cp


def f(a):
    x = a * 2
    if a[0] > 1:
        x = x.astype(cp.float32)
    return x


print(f(cp.arange(3.0)))
