# a decorator returns its wrapper (a nested def) or the function, not another name
def other(x):
    return x


def swap(f):
    g = other
    return g


@swap
def inc(x):
    return x + 1
