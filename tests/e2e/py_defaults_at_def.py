# Defaults are evaluated once, where the def stands (a list, dict or array default is one object
# shared by the calls, a global default is the value of the def); a call's arguments run in the
# order they are written, keywords too (lower/closure.c hoist_defaults, lower/call.c lw_user_args)
import contextlib
import functools


def show(tag, v):
    print("eval", tag)
    return v


def sub(a, b, *rest, scale=1, **extra):
    return (a - b) * scale + sum(rest) + len(extra)


# arguments run in the order they are written, keywords too
print(sub(b=show("b", 1), a=show("a", 5)))
print(sub(show("p1", 9), show("p2", 4), show("r1", 1), show("r2", 2), z=show("z", 0), scale=show("s", 3), y=show("y", 0)))


# a default is evaluated once, at the def: a list default is one list shared by the calls
def add(x, acc=[]):
    acc.append(x)
    return len(acc)


print(add(1), add(2), add(3))
mine = []
print(add(7, mine), add(8, mine), mine)
print(add(4))


def tally(word, counts={}):
    counts[word] = counts.get(word, 0) + 1
    return counts[word]


for w in ["a", "b", "a", "c", "a"]:
    print(w, tally(w))

# a global default is read at the def, not at the call
N = 3


def times(x, k=N):
    return x * k


def via(x):
    return times(x) + N


N = 10
print(times(2), via(1), times(2, N))

# a def executed again gets the value of its own def
for i in range(3):

    def pick(k=i * 10):
        return k

    print(pick())
print(pick())

# defaults that are calls run at the def, in order, once
def made(a=show("d1", 1), b=show("d2", [2])):
    b.append(a)
    return b


print("defined")
print(made(), made(), made(5))

# constants and compile-time values stay constants
SEP = "-"


def join(xs, sep=SEP, conv=str):
    return sep.join(conv(x) for x in xs)


SEP = "+"
print(join([1, 2, 3]), join([4, 5], sep=SEP))


# nested defs: the default is the defining function's value at the def
n = 1


def outer(n):
    def inner(x, k=n):
        return x + k

    def sibling(x):
        return inner(x) * 2

    n = 100
    return inner(1), sibling(2), inner(1, n)


print(outer(5))


def counter():
    def bump(x, seen=[]):
        seen.append(x)
        return len(seen)

    return bump(1), bump(2), bump(3)


print(counter(), counter())


def maker(scale):
    def f(x, s=scale):
        return x * s

    return f


g = maker(3)
print(g(2))


def maker(scale):
    def f(x, s=scale):
        return x * s
    return f


g = maker(3)
h = maker(5)
print(g(2), h(2), g(1, 7))
fs = [maker(2), maker(4)]
for q in fs:
    print(q(10))


def apply(fn, v):
    return fn(v)


print(apply(g, 4), apply(h, 4))




def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        print("call", fn.__name__)
        return fn(*args, **kwargs)

    return wrapper


BASE = 2


@timed
def power(x, e=BASE, log=[]):
    log.append(x)
    return x**e, len(log)


BASE = 3
print(power(3), power(4, 1))


def outer(k):
    @timed
    def inner(x, m=k):
        return x * m

    k = 0
    return inner(5)


print(outer(7))


def gen(n, step=BASE):
    i = 0
    while i < n:
        yield i
        i += step


BASE = 5
print(list(gen(12)))


@contextlib.contextmanager
def tag(name, marks=[]):
    marks.append(name)
    print("<%s %d>" % (name, len(marks)))
    yield len(marks)
    print("</%s>" % name)


with tag("a") as t:
    print("in", t)
with tag("b") as t:
    print("in", t)


def fact(n, acc=1):
    return acc if n <= 1 else fact(n - 1, acc * n)


print(fact(10))


def scaled(fs, v):
    return [f(v) for f in fs]


def mk(a):
    def f(x, a=a):
        return x + a

    return f


print(scaled([mk(1), mk(10)], 5))


def run(xs, base):
    def key(x, b=base):
        return (x - b) ** 2

    def twice(x, b=base):
        return 2 * x + b

    fs = [key, twice]
    print([f(3) for f in fs])
    print(sorted(xs, key=key), list(map(twice, xs)), list(filter(lambda_free, xs)))


def lambda_free(x):
    return x > 1


run([1, 2, 3, 4], 3)




# next(g(args), default): g's arguments run before the default, g's body after it
def count(n, start=0):
    print("g starts")
    for i in range(start, n):
        yield i


print(next(count(show("n", 3), start=show("start", 1)), show("default", -1)))
print(next(count(show("n", 0)), show("default", -1)))
xs = [1, 2, 3]
print(next((x for x in xs if x > 1), show("default", 0)))


# a default whose value is None runs its call once, at the def
log = []


def noted(y=log.append(1)):
    return len(log)


print(noted(), noted(), log)


def quiet(y=print("def quiet")):
    return 0


print(quiet(), quiet())


# a function default is the function of the def, whatever the name holds later
def double(x):
    return 2 * x


def triple(x):
    return 3 * x


op = double


def apply_op(x, g=op):
    return g(x)


op = triple
print(apply_op(1), op(1))

# a nested def's default that reads globals only, called two functions deep
M = 4


def deep_outer():
    def a(x, k=M):
        return x + k

    def b():
        def c():
            return a(1)

        return c()

    return b()


print(deep_outer())


# closures holding a list default, kept in a dict and called from a function
def factory(n):
    def inner(x, acc=[]):
        acc.append(x)
        return x + n + len(acc)

    return inner


F = factory(2)


def use_f():
    return F(1)


print(use_f(), use_f())
table = {"a": factory(1), "b": factory(5)}
for key in ["a", "b", "a"]:
    print(key, table[key](10))
