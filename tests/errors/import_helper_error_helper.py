import cupy as cp

x = cp.arange(3.0)
if cp.sum(x) > 0:
    x = x.astype(cp.float32)
print(x)


def f(n):
    return n + 1
