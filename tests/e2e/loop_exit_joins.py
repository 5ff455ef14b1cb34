# Names first bound in a loop's body hold, after the loop, what the last exit run bound them
# to (a continue, a break, the end of the body): the exits' bindings join into one variable
# (a Python float and a 0-d array into the 0-d array).  Compile-time values (a dtype, a
# function) that a loop rebinds: its first iteration is compiled apart from the others.
import cupy as cp
import numpy as np


def first_bound(n):
    for i in range(n):
        if i == n - 1:
            a = 1.5
            continue
        a = cp.sum(cp.arange(i + 1) * 1.0)
    for i in range(n):
        if i == 1:
            b = 0.25
            break
        b = cp.max(cp.ones(3))
    for i in range(n):
        if i == 0:
            c = 'first'
            continue
        c = 'later' * 1
        if i == 2:
            c = 'broke'
            break
    return a, b, c


def while_loop(n):
    k = 0
    while k < n:
        k += 1
        if k % 2 == 0:
            e = 0.5
            continue
        e = cp.mean(cp.full(4, float(k)))
    return e


def nested(n):
    out = []
    for i in range(n):
        for j in range(n):
            if j == i:
                f = 2.5
                continue
            f = cp.sum(cp.ones(j + 1))
        out.append(float(f))
    return out, f


def before_loop(n):
    # bound before the loop, rebound on the continue path only
    h = 0.5
    for i in range(n):
        if i == 1:
            h = cp.sum(cp.arange(4) * 1.0)
            continue
    m = 1
    for i in range(n):
        if i == n - 1:
            m = 10
            continue
        m = m + 1
    return h, m


def with_peel(n):
    # the first iteration is compiled apart (w float32, then float64); p is first bound in it
    w = cp.array([1.0, 1.5], dtype=np.float32)
    for i in range(n):
        w = (w * 2).astype(np.float64)
        if i == 0:
            p = 0.125
            continue
        p = cp.sum(w)
    return w, p


def dtypes(n):
    t = np.float32
    out = []
    for i in range(n):
        x = cp.zeros(2, dtype=t) + i
        out.append(str(x.dtype))
        t = np.float64
    return out


def twice(v):
    return v * 2


def thrice(v):
    return v * 3


def funcs(n):
    g = twice
    out = []
    for i in range(n):
        out.append(g(i))
        g = thrice
    return out


def over_tuple():
    # a loop over a tuple, written out per element
    for s in ('a', 'bb', 'ccc'):
        if len(s) == 3:
            v = 0.5
            continue
        v = cp.sum(cp.ones(len(s)))
    return v


def with_else(n):
    for i in range(n):
        if i == 5:
            w = 1.0
            break
        w = cp.max(cp.arange(i + 1) * 2.0)
    else:
        print('no break')
    return w


def with_return(n):
    for i in range(n):
        if i == 3:
            return 0.5
        if i == n - 1:
            u = 2.0
            continue
        u = cp.sum(cp.ones(i + 1))
    return u


a, b, c = first_bound(4)
print(a, b, c)
print(while_loop(5), while_loop(4))
out, f = nested(3)
print(out, f)
h, m = before_loop(3)
print(h, m)
w, p = with_peel(3)
print(w, p)
w, p = with_peel(1)
print(w, p)
print(dtypes(3))
print(funcs(3))
print(over_tuple(), with_else(3), with_else(7))
print(with_return(3), with_return(5))
# at module level
for i in range(4):
    if i == 3:
        y = 7
        continue
    y = i * 10
print(y)
for i in range(4):
    if i == 2:
        z = 0.5
        break
    z = cp.sum(cp.ones(i + 2))
print(z)
