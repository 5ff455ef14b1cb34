# user decorators whose bodies run statements once, when they decorate (prints, counters in
# their own variables, registration in module-level lists and dicts, factories' statements),
# evaluated top down and applied bottom up as Python does, and decorators on nested defs
import functools

import py_decorators_once_helper as helper
from py_decorators_once_helper import plugin
registry = []
names = {}


def register(f):
    print('registering', f.__name__)
    registry.append(f.__name__)
    names[f.__name__] = len(registry)
    return f


def counted(f):
    calls = [0]
    print('counting', f.__name__)

    @functools.wraps(f)
    def wrapper(*args):
        calls[0] += 1
        print(f.__name__, 'call', calls[0])
        return f(*args)

    registry.append('counted:' + f.__name__)
    return wrapper


def tagged(tag):
    print('factory', tag)
    prefix = '<' + tag + '>'

    def deco(f):
        label = prefix + f.__name__

        def w(x):
            return label + ' ' + str(f(x))

        return w

    return deco


@register
def square(x):
    return x * x


@counted
def add(a, b):
    return a + b


@tagged('t1')
@counted
def neg(x):
    return -x


print(square(3), add(1, 2), add(3, 4), neg(5), neg(6))
print(registry, names)


def outer(k):
    @counted
    def scaled(x):
        return x * k

    @tagged('in')
    def shifted(x):
        return x + k

    return scaled(2) + scaled(3), shifted(1)


print(outer(10))
print(outer(100))
print(registry)


@plugin
def cube(x):
    return x * x * x


@helper.plugin
@counted
def dec(x):
    return x - 1


print(cube(2), dec(5), dec(6), helper.seen, registry)
total = 0


def audited(f):
    global total
    total += 10
    print('audit', f.__name__, total)

    def w(x):
        global total
        total += 1
        return f(x)

    return w


@audited
def twice(x):
    return 2 * x


print(twice(1), twice(2), total)


def run(n):
    out = []
    for i in range(n):

        @audited
        @counted
        def step(x):
            return x + i

        out.append(step(i))
    return out


print(run(3), total, registry)
