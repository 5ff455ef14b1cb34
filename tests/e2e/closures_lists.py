# Lists, tuples and dicts of functions (issue 22): module-level defs and closures; functions of
# different identities in one list or dict are a variant (a tag and their environments), a
# call of one an if chain over the tags.
import functools

import cupy as cp


def dbl(x):
    return 2 * x


def inc(x):
    return x + 1


def make_scaler(k):
    def s(x):
        return x * k

    return s


def make_shift(a):
    def sh(x):
        return x + a

    return sh


x = cp.arange(4, dtype=cp.float32)
fs = [dbl, inc, make_scaler(3.0), make_shift(cp.ones(4, dtype=cp.float32))]
for fn in fs:
    print(fn.__name__, fn(x))
for i in range(len(fs)):
    print(i, fs[i](x))
print(fs[2](x), fs[-1](x))

same = [make_scaler(2.0), make_scaler(0.5)]
print([f(8.0) for f in same])

ops = {"double": dbl, "inc": inc}
for name in ops:
    print(name, ops[name](10))
table = {1: dbl, 2: inc}
print(table[1](5), table[2](5))


def apply_all(funcs, v):
    out = []
    for f in funcs:
        out.append(f(v))
    return out


print(apply_all([dbl, inc, make_scaler(10)], 7))
g = fs[1]
print(g(x))

pair = (dbl, make_scaler(4))
print(pair[0](1), pair[1](1))
by_name = {"scale": make_scaler(2.0), "shift": make_shift(0.5)}
for k in ["scale", "shift"]:
    print(k, by_name[k](cp.arange(3, dtype=cp.float64)))


def pipeline(x):
    steps = [inc, dbl, make_scaler(x)]
    v = 1
    for s in steps:
        v = s(v)
    return v


print(pipeline(3), pipeline(5))

registry = []


def register(k):
    # a nested def kept beyond its function's call: in a global list and a global name
    def g(x):
        return x * k

    registry.append(g)
    global last
    last = g


register(3)
register(4)
print([r(2) for r in registry], last(5))


def power(x, n):
    return x ** n


# partial objects hold their arguments: made in a loop at module level, each keeps its own
pows = [functools.partial(power, n=k) for k in range(4)]
print([p(2) for p in pows])
more = []
for k in (5, 6):
    more.append(functools.partial(power, n=k))
print([p(2) for p in more], [p(3) for p in pows[1:3]])
