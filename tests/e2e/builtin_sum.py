# the builtin sum() of a list of arrays (CuPy's stream map_reduce example: z = sum(zs)) and of numbers
import cupy as cp
zs = []
for i in range(3):
    zs.append(cp.arange(4.0) * i)
print(sum(zs))
print(sum([1, 2, 3]), sum([1.5, 2.0]), sum([1, 2], 10), sum([True, True]))
print(sum(zs, cp.ones(4)))
