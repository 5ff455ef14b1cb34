import cupy as cp

x = cp.zeros(3)
if cp.sum(x) > 0:
    x = cp.zeros(3, dtype=cp.float32)
print(x)


def f(n):
    return n + 1
