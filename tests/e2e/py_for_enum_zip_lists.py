# enumerate(zip(...)) (the index and the tuple of the zipped elements), and a for loop over a
# list display that holds compile-time values (functions, dtypes, in tuples too): iterated as
# the tuple display of the same elements, written out per element
import cupy as cp
s = 0
for i, (a, b) in enumerate(zip([1, 2], [3, 4])):
    s += i * a * b
print(s)
for k, pair in enumerate(zip('ab', [1.5, 2.5]), start=10):
    print(k, pair)
res = {}
for name, f in [('sum', cp.sum), ('max', cp.max)]:
    res[name] = float(f(cp.arange(4)))
print(res)
for dt in [cp.float32, 'f8', int]:
    print(cp.zeros(2, dtype=dt).dtype)


def count(x):
    return x + 1


def label(x):
    return "n=" + str(x)


for fn in [count, label]:
    print(fn(3))
