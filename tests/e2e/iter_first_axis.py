# iteration over an array's first axis (rows are views), len(x)
import cupy as cp

a = cp.arange(6).reshape(3, 2)
for row in a:
    print(row, row.shape)
print(len(a), len(a[0]), len(cp.zeros((4, 5, 6))))
total = cp.zeros(2, dtype=cp.int64)
for row in a:
    total += row
print(total)
for v in cp.array([1.5, -2.0]):
    print(v * 2)
b = cp.arange(24).reshape(2, 3, 4)
for m in b:
    print(m.sum(axis=1))
for row in a:
    row[0] = -1
print(a)
