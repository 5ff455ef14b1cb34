import functools


def inc(x):
    return x + 1


w = functools.wraps(inc)
