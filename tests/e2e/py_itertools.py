# itertools (lower/comp.c: each the list its iterator yields, made by a comprehension or loop;
# count and cycle as for-loop iterables), functools.reduce, and collections.namedtuple
# (lower/pycoll.c: records that print as Python's P(x=1, y=2)).
import collections
import itertools
from functools import reduce
from itertools import combinations, count, cycle, permutations, product

from collections import namedtuple

import cupy as cp

print(list(product([1, 2], "ab")))
print(list(itertools.product(range(2), repeat=3)))
for a, b in product(range(3), [10, 20]):
    print(a + b, end=" ")
print()
print(list(combinations([1, 2, 3, 4], 2)))
print(list(combinations("abcd", 3)))
print(list(itertools.combinations_with_replacement(range(3), 2)))
print(list(permutations([1, 2, 3])))
print(list(permutations(range(4), 2)))
print(len(list(permutations(range(5), 3))), list(combinations(range(3), 5)))
print(list(itertools.accumulate([1, 2, 3, 4, 5])))
print(list(itertools.accumulate([3, 1, 4, 1, 5], max)))
print(list(itertools.accumulate([1.5, 2.5], initial=10.0)))


def power(a, b):
    return a**b


def mul(a, b):
    return a * b


print(list(itertools.accumulate(range(1, 7), mul)))
print(list(itertools.chain([1, 2], (3, 4), range(5, 7))))
print(list(itertools.islice(range(10), 3)), list(itertools.islice("abcdefg", 1, 6, 2)))
print(list(itertools.zip_longest([1, 2, 3], [10, 20], fillvalue=0)))
print(list(itertools.starmap(power, [(2, 5), (3, 2), (10, 3)])))
print(list(itertools.starmap(mul, [(1.5, 2.0), (3.0, 4.0)])))
for i in count(5, 3):
    if i > 20:
        break
    if i % 2 == 0:
        continue
    print("count", i)
for i in itertools.count():
    if i == 3:
        break
print("stopped at", i)
k = 0
for c in cycle("xyz"):
    k += 1
    if k > 7:
        break
    print(c, end="")
print()
for c in cycle(range(0)):
    print("never")
else:
    print("empty cycle ends")
print(reduce(mul, [1, 2, 3, 4, 5]), reduce(mul, range(0), 1), reduce(max, [3, 9, 2]))
print(reduce(mul, range(1, 5), 0.5))
total = sum(x * y for x, y in product(range(3), range(3)))
print(total)
a = cp.arange(4)
s = reduce(mul, [a, a + 1, a + 2])
print(s)
pairs = [(i, j) for i, j in combinations(range(4), 2) if (i + j) % 2 == 1]
print(pairs, len(pairs))


Point = namedtuple("Point", ["x", "y"])
p = Point(1, 2)
q = Point(y=5, x=3.5)
print(p, q)
print(p.x + p.y, q.x * 2, p[0], p[1], len(p))
a, b = p
print(a, b)
for v in p:
    print("field", v)
print(p == Point(1, 2), p != Point(2, 1), p == (1, 2))
r = p._replace(y=10)
print(r, p, r._fields)
print(p._asdict())
print(str(p), f"{p}", repr(p))
print(isinstance(p, tuple), isinstance(p, dict))

Color = collections.namedtuple("Color", "red green blue")
Config = namedtuple("Config", "name, size, scale", defaults=[4, 1.0])
c = Color(255, 128, 0)
print(c, c.green)
cfg = Config("run")
print(cfg, Config("big", 16), Config("x", scale=0.5))


def norm(pt):
    return (pt.x**2 + pt.y**2) ** 0.5


def shifted(pt, d):
    return Point(pt.x + d, pt.y - d)


print(norm(Point(3, 4)), shifted(p, 1), norm(shifted(Point(3.0, 4.0), 0.0)))
pts = [Point(i, i * i) for i in range(4)]
print(pts)
print(sum(pt.y for pt in pts), max(pt.x for pt in pts))
Stats = namedtuple("Stats", ["mean", "std"])
x = cp.arange(10, dtype=cp.float64)
s = Stats(x.mean(), x.std())
print(float(s.mean), float(s.std))
