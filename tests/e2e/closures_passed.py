# Nested defs passed to user functions (higher-order functions, and functions that pass them
# on), their captured values with them: a function value (lower/closure.c, issue 22).
import cupy as cp


def apply(f, x):
    return f(x)


def twice(f, x):
    return apply(f, apply(f, x))


def compose(f, g, x):
    return f(g(x))


def outer(k):
    def g(x):
        return x * k

    return apply(g, 3)


def outer_arr(k):
    base = cp.arange(4, dtype=cp.float32)

    def shift(x):
        return x + base * k

    return twice(shift, cp.ones(4, dtype=cp.float32))


def outer_two(a, b):
    def f(x):
        return x + a

    def h(x):
        return x * b

    return compose(f, h, 10), compose(h, f, 10)


def outer_nested(n):
    # a nested function passing its own nested def on
    def run(m):
        def step(x):
            return x + n * m

        return apply(step, 1)

    return [run(m) for m in range(3)]


def outer_list(xs):
    total = [0]

    def add(x):
        total[0] += x
        return total[0]

    for x in xs:
        apply(add, x)
    return total[0]


def outer_loop():
    out = []
    for i in range(3):
        def g(x):
            return x * i

        out.append(apply(g, 10))
    return out


print(outer(2))
print(outer(2.5))
print(outer_arr(2.0))
print(outer_two(1, 3))
print(outer_nested(5))
print(outer_list([1, 2, 3]))
print(outer_loop())
print(apply(outer, 4))


def outer_sum(xs):
    # a nested def applied to each element by a helper that calls it in a loop
    scale = 0.5

    def half(v):
        return v * scale

    def each(f, vs):
        return [f(v) for v in vs]

    return each(half, xs)


print(outer_sum([2.0, 4.0]))
print(outer_sum([cp.arange(3, dtype=cp.float32)]))
