# Array and list defaults are evaluated once, at the def: one object shared by the calls, which
# an in-place update changes for the next call (lower/closure.c hoist_defaults)
import cupy as cp

W = cp.arange(3.0)


def scaled(x, w=W):
    return x * w


W = cp.ones(3)
print(scaled(2.0), scaled(2.0, W))


def accumulate(x, out=cp.zeros(3)):
    out += x
    return out


print(accumulate(cp.arange(3.0)))
print(accumulate(cp.ones(3)))
r = accumulate(1.0)
r[0] = -1.0  # r is the default itself
print(accumulate(0.0))


def stats(x, seen=[]):
    seen.append(float(x.sum()))
    return len(seen), sum(seen)


print(stats(cp.ones(4)), stats(cp.arange(4.0)))


def outer(a):
    def inner(x, base=a * 2):
        return x + base

    a = a * 0
    return inner(cp.ones(2)), a


print(outer(cp.arange(2.0)))
