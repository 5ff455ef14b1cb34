# Closure factories (issue 22): functions that return a nested def (or a module-level one),
# decorators applied by call, two closures of one def alive at once, closures capturing arrays
# and other closures; each a function value, its environment captured at the return.
import functools
import time
import cupy as cp


def make_scaler(k):
    def s(x):
        return x * k

    return s


def make_affine(a, b):
    w = cp.arange(3, dtype=cp.float64) * a

    def f(x):
        return w * x + b

    return f


def make_adder(n):
    n = n + 1  # rebound before the def: captured as it is then

    def add(x):
        return x + n

    return add


def timed(fn):
    def wrapper(*args):
        t0 = time.perf_counter()
        r = fn(*args)
        dt = time.perf_counter() - t0
        assert dt >= 0.0
        return r

    return wrapper


def g(x, y):
    return x * y + 1


def pick(name):
    if name == "scale":
        return g
    return g


def compose(f, h):
    def both(x):
        return f(h(x))

    return both


double = make_scaler(2.0)
triple = make_scaler(3.0)
print(double(cp.arange(3)))
print(triple(cp.arange(3)))
print(double(4.0), triple(4.0))
print(make_scaler(2)(5))

aff = make_affine(2.0, 1.0)
print(aff(cp.ones(3)))
print(aff(2.0))

inc = make_adder(1)
print(inc(10), make_adder(5)(10))

g2 = timed(g)
print(g2(3, 4))
print(g2(cp.arange(3), 2))

print(pick("scale")(2, 5))

sq_then_double = compose(double, make_scaler(cp.arange(3, dtype=cp.float32)))
print(sq_then_double(cp.full(3, 2.0, dtype=cp.float32)))

fs = [make_scaler(k) for k in range(1, 4)]
for f in fs:
    print(f(10))
print(g2.__name__, double.__name__)


def run():
    scalers = []
    for k in (0.5, 1.5):
        scalers.append(make_scaler(k))
    return [s(cp.ones(2)) for s in scalers]


print(run())


def make_counter():
    # state shared between calls: a list the closure reads (nonlocal is one variable per program)
    count = [0]

    def inc():
        count[0] += 1
        return count[0]

    return inc


c1 = make_counter()
c2 = make_counter()
print(c1(), c1(), c2(), c1())


def make_poly(coeffs):
    def p(x):
        acc = cp.zeros_like(x)
        for c in coeffs:
            acc = acc * x + c
        return acc

    return p


poly = make_poly([1.0, -2.0, 3.0])
print(poly(cp.linspace(0.0, 1.0, 5)))


def logged(fn):
    @functools.wraps(fn)
    def inner(*args):
        return fn(*args)

    return inner


h2 = logged(g)
h3 = logged(h2)
print(h2.__name__, h2(1, 2), h3.__name__, h3(2, 3))
fns = [h2, g2]
print([fn.__name__ for fn in fns], [fn(2, 2) for fn in fns])


def make_key(sign):
    def key(v):
        return sign * v

    return key


# closures to the builtins and routines that take a function
print(list(map(make_scaler(3), [1, 2, 3])))
print(sorted([3, 1, 2], key=make_key(-1)))
print(list(filter(make_key(1), [0, 1, 2])))
print(cp.fromfunction(make_scaler(2.0), (3,)))
