v = 7


def gv():
    yield v


def f(v):
    return [w for w in gv()]


print(f(1))
