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
