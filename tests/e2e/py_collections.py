from collections import namedtuple
import collections

import cupy as cp

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
