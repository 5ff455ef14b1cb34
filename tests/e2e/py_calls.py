# *args, **kwargs, keyword-only parameters, f(*t), f(**d) and the walrus operator
# (expected output: CPython through the oracle)
import cupy as cp


def total(*args):
    s = 0
    for a in args:
        s += a
    return s


def ftotal(*args):
    s = 0.0
    for a in args:
        s += a
    return s


def describe(name, *vals, sep=", ", **opts):
    parts = [str(v) for v in vals]
    return name + ": " + sep.join(parts) + " " + str(len(opts))


def scaled(x, *, factor=2.0, offset=0.0):
    return x * factor + offset


def config(**kw):
    return kw["n"] * kw["m"]


def norm(v, *, ord=2):
    return float(cp.linalg.norm(v, ord=ord))


def first_and_rest(first, *rest):
    return first, len(rest)


print(total(), total(1), total(1, 2, 3), ftotal(1.5, 2.5))
print(describe("a"), describe("b", 1, 2), describe("c", 1, 2, 3, sep="-"), describe("d", 4, x=1, y=2))
print(scaled(3.0), scaled(3.0, factor=3.0), scaled(1.0, offset=0.5, factor=1.0))
print(config(n=3, m=4), config(m=2, n=5, extra=1))
v = cp.array([3.0, 4.0])
print(norm(v), norm(v, ord=1))
print(first_and_rest(1), first_and_rest(1, 2, 3))
t = (1, 2, 3)
print(total(*t), total(10, *t), describe("t", *t, sep="/"))
d = {"factor": 10.0, "offset": 1.0}
print(scaled(2.0, **d))
opts = {"n": 6, "m": 7}
print(config(**opts))
xs = [1, 5, 9, 12, 3]
if (n := len(xs)) > 3:
    print("long list", n)
count = 0
for x in xs:
    if (y := x * 2) > 10:
        count += y
print(count, y)
i = 0
while (j := i * i) < 20:
    i += 1
print(i, j)
print((k := 5) + k, k)
a = cp.arange(6, dtype=cp.float32)
if (s := float(a.sum())) > 10:
    print("sum", s)
