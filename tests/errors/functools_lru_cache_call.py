import functools


def sq(n):
    return n * n


fast = functools.lru_cache(maxsize=None)(sq)
print(fast(3))
