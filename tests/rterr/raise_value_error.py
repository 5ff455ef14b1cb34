# raise of a built-in exception with a message made at run time ends the program with it
import cupy as cp


def mean_of(xs):
    if len(xs) == 0:
        raise ValueError("mean of an empty list")
    return sum(xs) / len(xs)


def lookup(names, key):
    for n in names:
        if n == key:
            return n
    raise KeyError(key)


print(mean_of([1.0, 2.0]), lookup(["a", "b"], "b"))
a = cp.arange(4.0)
s = float(a.sum())
if s > 5:
    raise RuntimeError(f"sum too large: {s} > {5}")
print("not reached")
