# user decorators: a module-level def returning a nested def (with or without functools.wraps),
# *args/**kwargs forwarding, decorator factories, stacked decorators, __name__
import functools
import time
from functools import wraps

import cupy as cp
import py_decorators_helper as helper
from py_decorators_helper import counted

log = []


def timed(f):
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        r = f(*args, **kwargs)
        dt = time.perf_counter() - t0
        log.append(f.__name__)
        print(f"{f.__name__} took {'>= 0' if dt >= 0 else '< 0'} s")
        return r

    return wrapper


def doubled(f):
    def inner(x):
        return f(x) * 2

    return inner


def repeat(n, verbose=False):
    """Calls the function n times, returns the last result."""

    def deco(f):
        @wraps(f)
        def w(*a, **k):
            r = f(*a, **k)
            for i in range(n - 1):
                if verbose:
                    print("again", i + 1)
                r = f(*a, **k)
            return r

        return w

    return deco


def tagged(tag):
    def deco(f):
        @functools.wraps(f)
        def w(x):
            return tag + ":" + str(f(x))

        return w

    return deco


@timed
def square(x):
    return x * x


@doubled
def inc(x):
    return x + 1


@timed
@repeat(3)
def hello(name, punct="!"):
    print("hello", name + punct)
    return len(name)


@repeat(n=2, verbose=True)
def norm(a):
    return float(cp.sqrt((a * a).sum()))


@tagged("b")
@tagged("a")
def half(x):
    return x / 2


def trace(f):
    def traced(n):
        print("call", f.__name__, n)
        return f(n)

    return traced


@trace
def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


@functools.lru_cache(maxsize=None)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@timed
def arr_sum(a, axis=0):
    return a.sum(axis=axis)



print(square(4), square(2.5))
print(square.__name__, inc.__name__, hello.__name__, norm.__name__, half.__name__, fact.__name__)
print(inc(3), inc(0.5))
print(hello("bob"))
print(hello("al", punct="?"))
print(norm(cp.arange(4.0)))
print(half(5))
print(fact(4))
print(arr_sum(cp.arange(6).reshape(2, 3)), arr_sum(cp.ones((2, 2))))
print(fib(20), fib.__name__)


@counted
def add(a, b):
    return a + b


@helper.scaled(10)
@counted
def neg(x):
    return -x


print(add(1, 2), add("a", "b"), neg(4), neg(0.5), neg.__name__, helper.calls)


def identity(f):
    return f


@identity
@counted
def mul(a, b):
    return a * b


print(mul(3, 4), mul.__name__, helper.calls[-1])
print(log)
