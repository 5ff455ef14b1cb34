# zip over a call's tuple whose elements differ in type (a name or a literal would be written out)
import cupy as cp


def make():
    return 1, "a", cp.arange(3)


u = (2.5, 3, "b")
for a, b in zip(make(), u):
    print(a, b)
