# functools (reduce, partial, lru_cache and cache as decorators) and nonlocal (frontend/parse_stmt.c):
# a name of the enclosing function that nested functions assign, read by others and by
# comprehensions; a parameter made nonlocal; two levels deep.
import functools
from functools import lru_cache, partial, reduce


def power(base, exp):
    return base**exp


square = partial(power, exp=2)
cube = functools.partial(power, exp=3)
two_to = partial(power, 2)
print(square(7), cube(3), two_to(10), square(1.5))


def scaled(x, factor=1, offset=0):
    return x * factor + offset


k = 3
triple = partial(scaled, factor=k)
k = 100
print(triple(5), triple(5, offset=1), triple(2.5))
print(list(map(square, [1, 2, 3])), sorted([3, -4, 1], key=square))


@lru_cache(maxsize=None)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@functools.cache
def tri(n):
    return n * (n + 1) // 2


print(fib(20), [tri(i) for i in range(6)])


def main():
    inc = partial(scaled, offset=1)
    vals = [inc(i) for i in range(4)]
    print(vals, reduce(scaled, vals, 2))


main()
def counter(start):
    count = 0

    def bump(by):
        nonlocal count
        count += by
        return count

    def twice():
        bump(1)
        bump(1)

    for i in range(start):
        bump(i)
    twice()
    total = [count * 2 for _ in range(2)]
    return count, total


print(counter(4), counter(0))


def accumulate(xs):
    lo = None
    hi = 0.0

    def see(v):
        nonlocal hi
        if v > hi:
            hi = v

    for x in xs:
        see(x)
    return hi


print(accumulate([1.5, 3.25, 2.0]))


def outer(n):
    def inner():
        nonlocal n
        n = n * 2

    inner()
    inner()
    return n


print(outer(3), outer(5))


def deep():
    x = 1

    def mid():
        nonlocal x
        x += 10

        def leaf():
            nonlocal x
            x += 100

        leaf()

    mid()
    return x


print(deep())


# a global that a function called in a loop assigns is read again after the loop
def running_max(xs):
    global best
    best = 0.0

    def see(v):
        global best
        best = max(v, best)

    for x in xs:
        see(x)
    return best


print(running_max([1.5, 3.25, 2.0]))


# a nested def calling its siblings, which read the enclosing function's names: each call
# passes on what its callees capture
def siblings(k, scale):
    def shift(x):
        return x + k

    def both(x):
        return shift(x) * scale

    def twice(x):
        return both(both(x))

    return twice(1), both(2)


print(siblings(5, 2), siblings(1, 10))
