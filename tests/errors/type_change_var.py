import cupy as cp

x = 1.0


def f():
    return x * 2


print(f())
x = cp.zeros(3)
print(x)
