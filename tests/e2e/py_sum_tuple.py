# sum(), math.prod(), min(), max(), any(), all() of tuples: sum and prod fold as Python does
# (start + t[0] + t[1] ..., items of different types promoting), the others walk a tuple of one type
import math
import cupy as cp

t = (1, 2, 3)
print(sum(t), sum((1, 2.5)), sum((), 10), sum(t, 0.5))
print(math.prod(t), math.prod((2, 0.5), start=3), math.prod(()))
print(max(t), min((4.0, -1.5, 2.0)), max((3, 9, 1)), max((3, -9), key=abs))
print(any((0, 0, 1)), all((1, 5, 2)), all(()))
a = cp.arange(3)
b = cp.ones(3)
print(sum((a, b, a)))
print(sum((a, 2)))
u, v = 3, 4
print(sum((u, v)), max((u, v)), min((v, u)))
s = 0.0 + sum((1.5, 2.5))
print(s)
