# zip over tuples held in names whose elements differ in type
import cupy as cp
t = (1, "a", cp.arange(3))
u = (2.5, 3, "b")
for a, b in zip(t, u):
    print(a, b)
